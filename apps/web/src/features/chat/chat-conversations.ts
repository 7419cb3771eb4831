import type { ChatConversation, ChatMessage } from '@portal/shared/schemas/chat';

/** Most recent first (by the last message, else the start of the conversation). */
export function sortConversations(list: ChatConversation[]): ChatConversation[] {
  return [...list].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/**
 * A conversation from the server merged into the one this page knows. A server snapshot can be
 * older than what the page already showed (a list fetched before a live message arrived): then
 * the page's last message and unread count stay. The open conversation is always read.
 */
export function mergeConversation(
  known: ChatConversation | undefined,
  incoming: ChatConversation,
  activeId: number | null,
): ChatConversation {
  const isStale = (known?.lastMessage?.id ?? 0) > (incoming.lastMessage?.id ?? 0);
  const merged =
    known && isStale
      ? {
          ...incoming,
          lastMessage: known.lastMessage,
          updatedAt: known.updatedAt,
          unread: known.unread,
        }
      : incoming;
  return merged.id === activeId ? { ...merged, unread: 0 } : merged;
}

/**
 * Conversations from the server merged into the known list: known ones are updated, new ones
 * added, and none dropped (a list fetched before a conversation was started does not lose it).
 * A list snapshot never takes away the listing a conversation is about: it may have been read
 * before the conversation was resumed from a listing's 房聊 button.
 */
export function mergeConversations(
  current: ChatConversation[],
  incoming: ChatConversation[],
  activeId: number | null,
): ChatConversation[] {
  const byId = new Map(current.map((conversation) => [conversation.id, conversation]));
  for (const conversation of incoming) {
    const known = byId.get(conversation.id);
    const merged = mergeConversation(known, conversation, activeId);
    byId.set(conversation.id, { ...merged, listing: merged.listing ?? known?.listing ?? null });
  }
  return sortConversations([...byId.values()]);
}

/**
 * The unread count of a conversation after I read it up to `upToId` (here or in another tab):
 * my unread messages above that id in the loaded thread, or none when the last message is
 * covered and no thread is loaded.
 */
export function unreadAfterMyRead(
  conversation: ChatConversation,
  thread: ChatMessage[] | undefined,
  meId: number,
  upToId: number,
): number {
  if (thread) {
    return thread.filter((m) => m.receiverId === meId && !m.readAt && m.id > upToId).length;
  }
  return conversation.lastMessage && conversation.lastMessage.id <= upToId
    ? 0
    : conversation.unread;
}
