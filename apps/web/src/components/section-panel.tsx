import type { ReactNode } from 'react';
import styles from './section-panel.module.css';

interface SectionPanelProps {
  title: string;
  /** Right side of the title bar, e.g. a 更多 link. */
  extra?: ReactNode;
  className?: string;
  /** 1 when the panel's title is the page's own heading (a page with no other h1). */
  headingLevel?: 1 | 2;
  children: ReactNode;
}

/** A white content block with a title bar, the building block of portal pages. */
export function SectionPanel({
  title,
  extra,
  className,
  headingLevel = 2,
  children,
}: SectionPanelProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      className={className ? `${styles.panel} ${className}` : styles.panel}
      aria-label={title}
    >
      <header className={styles.head}>
        <Heading className={styles.title}>{title}</Heading>
        {extra}
      </header>
      <div className={styles.body}>{children}</div>
    </section>
  );
}
