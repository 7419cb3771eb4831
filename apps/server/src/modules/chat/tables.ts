/**
 * The tables of `chat` other modules may read, and only read; only `chat` writes them
 * (docs/decisions/0075-one-owner-per-table.md).
 */
export { chatConversations, chatMessages, chatReports } from '../../db/schema/index';
