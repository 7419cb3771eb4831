import { useCallback, useEffect, useRef, useState } from 'react';
import {
  acceptableMessage,
  HELP_CHAT_ANSWERS,
  HELP_CHAT_GREETING,
  HELP_CHAT_GREETING_DELAY_MS,
  HELP_CHAT_REPLY,
  HELP_CHAT_REPLY_DELAY_MS,
  HELP_CHAT_TOPICS,
  type HelpChatMessage,
} from './help-chat-script';

/**
 * The help-chat conversation: once `isStarted`, greets after 1 s; `send` appends the user's line
 * and the fixed reply 0.8 s later; topics append their sample questions; questions their answer.
 */
export function useHelpChat(isStarted: boolean) {
  const [messages, setMessages] = useState<HelpChatMessage[]>([]);
  const nextIdRef = useRef(1);
  const timersRef = useRef<number[]>([]);
  const greetedRef = useRef(false);

  const append = useCallback((message: Omit<HelpChatMessage, 'id'>) => {
    const id = nextIdRef.current;
    nextIdRef.current += 1;
    setMessages((current) => [...current, { ...message, id }]);
  }, []);

  const later = useCallback(
    (delayMs: number, message: Omit<HelpChatMessage, 'id'>) => {
      timersRef.current.push(window.setTimeout(() => append(message), delayMs));
    },
    [append],
  );

  useEffect(() => {
    if (!isStarted || greetedRef.current) return;
    const timer = window.setTimeout(() => {
      greetedRef.current = true;
      append({ sender: '客服', text: HELP_CHAT_GREETING });
    }, HELP_CHAT_GREETING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isStarted, append]);

  useEffect(() => {
    const timers = timersRef.current;
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, []);

  /** Sends a typed message; answers false (and sends nothing) for an unacceptable one. */
  const send = useCallback(
    (text: string): boolean => {
      const accepted = acceptableMessage(text);
      if (accepted === null) return false;
      append({ sender: '我', text: accepted });
      later(HELP_CHAT_REPLY_DELAY_MS, { sender: '客服', text: HELP_CHAT_REPLY });
      return true;
    },
    [append, later],
  );

  const chooseTopic = useCallback(
    (topic: string) => {
      const entry = HELP_CHAT_TOPICS.find((candidate) => candidate.topic === topic);
      if (!entry) return;
      append({ sender: '我', text: topic });
      append({
        sender: '客服',
        text: `${topic}：请点击您想了解的问题`,
        questions: entry.questions,
      });
    },
    [append],
  );

  const ask = useCallback(
    (question: string) => {
      const answer = HELP_CHAT_ANSWERS[question];
      if (!answer) return;
      append({ sender: '我', text: question });
      append({ sender: '客服', text: answer });
    },
    [append],
  );

  return { messages, send, chooseTopic, ask };
}
