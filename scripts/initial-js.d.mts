/** The goal for every page type, KB of gzip. */
export const TARGET_KB: number;
/** Page types still above the goal and the most each may load today, KB of gzip. */
export const CEILINGS_KB: Record<string, number>;
export interface PageRouteEntry {
  key: string;
  layout: string;
  module: string;
  /** Whether the page loads the dayjs locale with its code (not `dates: false`). */
  dates: boolean;
}
export function readPageRoutes(routeTableSource: string): PageRouteEntry[];
/** The shell module each layout loads before its pages show, by layout (`LAYOUT_SHELLS`). */
export function readLayoutShells(routeTableSource: string): Record<string, string>;
export function readDateLocale(routeTableSource: string): string;
export interface PageFigure {
  key: string;
  module: string;
  scripts: number;
  kb: number;
}
export function readStartSteps(mainSource: string): string[];
export function measurePages(
  webDist: string,
  routeTableSource: string,
  mainSource?: string,
): PageFigure[];
export interface PageVerdict extends PageFigure {
  budgetKb: number;
  verdict: 'ok' | 'over' | 'stale';
}
export function checkBudgets(
  pages: PageFigure[],
  ceilings?: Record<string, number>,
  target?: number,
): { results: PageVerdict[]; unknown: string[]; ok: boolean };
