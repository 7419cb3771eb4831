/**
 * The transition runner every state machine of the portal uses (docs/decisions/0062-one-transition-runner.md):
 * orders, second-hand listings, 问答 moderation and the 摇号 registrations and 选房 turns declare
 * their rows, this module writes the status, the notices and the audit entry of each move.
 */
export {
  type Changed,
  type DeclaredNotice,
  type Invalidation,
  type Machine,
  runCreation,
  runTransition,
  runTransitionOn,
  type StatusValue,
  type TransitionActor,
  type TransitionRow,
  withTransitions,
} from './runner';
