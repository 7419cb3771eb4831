import { useCallback, useState } from 'react';

/** The phone's two screens of 房聊: the conversation list, or one conversation. */
export type ChatScreen = 'list' | 'conversation';

/**
 * The screen a phone shows: the open conversation, unless none is open or the user went back to
 * the list. Wide frames show both side by side and ignore this.
 */
export function chatScreenOf(activeId: number | null, isBackToList: boolean): ChatScreen {
  return activeId !== null && !isBackToList ? 'conversation' : 'list';
}

/** The phone screen state of the 房聊 page: `open` a conversation, go `back` to the list. */
export function useChatScreen(activeId: number | null, select: (id: number) => void) {
  const [isBackToList, setBackToList] = useState(false);
  const open = useCallback(
    (id: number) => {
      setBackToList(false);
      select(id);
    },
    [select],
  );
  const back = useCallback(() => setBackToList(true), []);
  return { screen: chatScreenOf(activeId, isBackToList), open, back };
}
