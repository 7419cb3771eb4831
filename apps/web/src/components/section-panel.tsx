import type { ReactNode } from 'react';
import styles from './section-panel.module.css';

interface SectionPanelProps {
  title: string;
  /** Right side of the title bar, e.g. a 更多 link. */
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A white content block with a title bar, the building block of portal pages. */
export function SectionPanel({ title, extra, className, children }: SectionPanelProps) {
  return (
    <section
      className={className ? `${styles.panel} ${className}` : styles.panel}
      aria-label={title}
    >
      <header className={styles.head}>
        <h2 className={styles.title}>{title}</h2>
        {extra}
      </header>
      <div className={styles.body}>{children}</div>
    </section>
  );
}
