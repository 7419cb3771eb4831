import type { RefObject } from 'react';
import styles from './public-layout.module.css';

/** The id of the page's main region, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * 跳到主要内容: the first stop of the Tab key, shown when focused; it moves the focus past the
 * header and navigation to the page itself.
 */
export function SkipLink({ mainRef }: { mainRef: RefObject<HTMLElement | null> }) {
  return (
    <a
      className={styles.skipLink}
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        mainRef.current?.focus();
        mainRef.current?.scrollIntoView();
      }}
    >
      跳到主要内容
    </a>
  );
}
