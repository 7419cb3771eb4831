import { useLayoutEffect, useRef, useState } from 'react';
import styles from './project-header.module.css';

/**
 * 以旧换新具体政策 of a project: the first three lines, and 展开 to read the whole text instead
 * of an ellipsis that hides the rest (收起 folds it again).
 */
export function TradeinPolicy({ content }: { content: string }) {
  const textRef = useRef<HTMLParagraphElement>(null);
  const [isExpanded, setExpanded] = useState(false);
  const [isLong, setLong] = useState(false);

  useLayoutEffect(() => {
    const text = textRef.current;
    if (!text || isExpanded) return;
    const measure = () => setLong(text.scrollHeight > text.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(text);
    return () => observer.disconnect();
  }, [content, isExpanded]);

  return (
    <section className={styles.tradein} aria-label="以旧换新具体政策">
      <h2>以旧换新具体政策</h2>
      <p
        ref={textRef}
        id="tradein-policy-text"
        className={isExpanded ? styles.tradeinFull : styles.tradeinClamped}
      >
        {content || '暂无'}
      </p>
      {(isLong || isExpanded) && (
        <button
          type="button"
          className={styles.tradeinToggle}
          aria-expanded={isExpanded}
          aria-controls="tradein-policy-text"
          onClick={() => setExpanded((value) => !value)}
        >
          {isExpanded ? '收起' : '展开'}
        </button>
      )}
    </section>
  );
}
