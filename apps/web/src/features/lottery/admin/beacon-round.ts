/**
 * drand's quicknet schedule, which the demo's simulator follows too
 * (apps/server/src/integrations/beacon/index.ts): round r is produced at genesis + (r − 1) × period.
 */
export const QUICKNET = { genesisSeconds: 1692803367, periodSeconds: 3 } as const;

/** When a round is produced, in milliseconds since the epoch. */
export function roundTime(round: number): number {
  return (QUICKNET.genesisSeconds + (round - 1) * QUICKNET.periodSeconds) * 1000;
}

/** The first round produced at or after `ms`: the random value a draw at that time can read. */
export function firstRoundAtOrAfter(ms: number): number {
  return Math.max(1, Math.ceil((ms / 1000 - QUICKNET.genesisSeconds) / QUICKNET.periodSeconds) + 1);
}
