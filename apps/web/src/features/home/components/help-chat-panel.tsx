import { CloseOutlined, CustomerServiceOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { HELP_CHAT_MAX_LENGTH, HELP_CHAT_TOPICS } from '../hooks/help-chat-script';
import { useHelpChat } from '../hooks/use-help-chat';
import styles from './help-chat.module.css';

interface HelpChatPanelProps {
  isOpen: boolean;
  onClose: () => void;
}

/** The 智能客服 window: messages, four topic buttons and an input of at most 100 characters. */
export function HelpChatPanel({ isOpen, onClose }: HelpChatPanelProps) {
  const { messages, send, chooseTopic, ask } = useHelpChat(isOpen);
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (list && typeof list.scrollTo === 'function') list.scrollTo({ top: list.scrollHeight });
  }, [messages]);

  const handleSend = () => {
    if (send(draft)) setDraft('');
  };

  return (
    <section className={styles.panel} hidden={!isOpen} role="dialog" aria-label="智能客服">
      <header className={styles.head}>
        <CustomerServiceOutlined />
        <span className={styles.headTitle}>智能客服</span>
        <button type="button" className={styles.close} aria-label="关闭智能客服" onClick={onClose}>
          <CloseOutlined />
        </button>
      </header>
      <div className={styles.messages} ref={listRef} aria-live="polite">
        {messages.map((message) => (
          <div
            key={message.id}
            className={message.sender === '我' ? styles.mine : styles.theirs}
            data-sender={message.sender}
          >
            <span className={styles.sender}>{message.sender}</span>
            <div className={styles.bubble}>
              {message.text}
              {message.questions && (
                <ul className={styles.questions}>
                  {message.questions.map((question) => (
                    <li key={question}>
                      <button type="button" onClick={() => ask(question)}>
                        {question}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        ))}
      </div>
      <div className={styles.topics}>
        {HELP_CHAT_TOPICS.map(({ topic }) => (
          <button key={topic} type="button" onClick={() => chooseTopic(topic)}>
            {topic}
          </button>
        ))}
      </div>
      <div className={styles.composer}>
        <Input
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={handleSend}
          maxLength={HELP_CHAT_MAX_LENGTH}
          placeholder="请输入您的问题（最多100字）"
          aria-label="输入问题"
        />
        <Button
          type="primary"
          autoInsertSpace={false}
          onClick={handleSend}
          disabled={!draft.trim()}
        >
          发送
        </Button>
      </div>
    </section>
  );
}
