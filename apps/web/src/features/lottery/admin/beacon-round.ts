/**
 * drand's quicknet schedule, which the demo's simulator follows too
 * (apps/server/src/integrations/beacon/index.ts): round r is produced at genesis + (r − 1) × period.
 */
export const QUICKNET = { genesisSeconds: 1692803367, periodSeconds: 3 } as const;

/** When a round is produced, in milliseconds since the epoch. */
export function roundTime(round: number): number {
  return (QUICKNET.genesisSeconds + (round - 1) * QUICKNET.periodSeconds) * 1000;
}

/** The last round produced at or before `ms`: the newest random value a draw then can read. */
export function lastRoundAtOrBefore(ms: number): number {
  return Math.max(
    1,
    Math.floor((ms / 1000 - QUICKNET.genesisSeconds) / QUICKNET.periodSeconds) + 1,
  );
}
