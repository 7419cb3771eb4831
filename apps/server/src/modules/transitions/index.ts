/**
 * The transition runner every state machine of the portal uses (docs/decisions/0062-one-transition-runner.md):
 * orders, second-hand listings and 问答 moderation declare their rows, this module writes the
 * status, the notices and the audit entry of each move.
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
