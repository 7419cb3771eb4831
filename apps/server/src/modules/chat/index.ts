/**
 * What the rest of the server may use of 房聊 (docs/decisions/0046-module-boundaries.md): the live
 * hub, started once by the app and handed to the citizen routes and to the operator API; and what
 * closing an account forgets at once and after the retention period.
 */
export { startChatHub, type ChatHubConfig } from './chat-hub-start';
export type { ChatHub } from './chat-hub';
export {
  deleteChatOfAccountsClosedBefore,
  forgetChatOfClosedAccount,
} from './closed-account.service';
