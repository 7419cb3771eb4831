/**
 * What other modules may use of the subscriptions (docs/decisions/0046-module-boundaries.md): a
 * delivery run and the SMS the delivery sent. The app mounts the module's routes and delivery job
 * as one plugin (`subscriptions.module.ts`).
 */
export { runSubscriptionDelivery } from './delivery.service';
export { listSentSubscriptionSms } from './subscriptions.queries';
export { forgetSubscriptionsOfClosedAccount } from './closed-account.service';
