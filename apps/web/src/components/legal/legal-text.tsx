import { legalBlocks } from '@portal/shared/legal/texts';
import styles from './legal.module.css';

/** A legal body as headings and paragraphs (`## ` lines are headings). */
export function LegalBody({ body }: { body: string }) {
  return (
    <div className={styles.body}>
      {legalBlocks(body).map((block, index) =>
        block.heading ? <h2 key={index}>{block.text}</h2> : <p key={index}>{block.text}</p>,
      )}
    </div>
  );
}

/** 第N版 · 生效日期: the version line under a legal title. */
export function versionLine(version: number, publishedAt: string): string {
  const day = new Date(publishedAt);
  const date = `${day.getFullYear()}年${day.getMonth() + 1}月${day.getDate()}日`;
  return `第${version}版 · 生效日期：${date}`;
}
