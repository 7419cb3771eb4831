import type { LotteryPhase } from '@portal/shared/status';

/** The tag colour of a batch's phase in the console. */
export const PHASE_COLOR: Record<LotteryPhase, string> = {
  upcoming: 'default',
  registering: 'blue',
  reviewing: 'orange',
  published: 'purple',
  drawn: 'green',
};
