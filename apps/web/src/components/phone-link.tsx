import { Fragment, type ReactNode } from 'react';
import styles from './phone-link.module.css';

/*
 * Telephone numbers shown to citizens are tap-to-call (docs/product/new-build.md, "Telephone
 * numbers"): every number inside a contact text becomes a `tel:` link, the rest of the text
 * (names, 转 extensions, separators) stays as written.
 */

/** A run of digits with the usual separators, long enough to be a telephone number. */
const NUMBER = /\+?\d[\d\s()-]{5,}\d/g;

/** The `tel:` address of a written number: digits and a leading plus only. */
export function telHref(written: string): string {
  return `tel:${written.replace(/[^\d+]/g, '')}`;
}

/** A contact text with each telephone number in it as a `tel:` link; no number, the text as is. */
export function PhoneText({ text }: { text: string | null | undefined }): ReactNode {
  if (!text) return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(NUMBER)) {
    const start = match.index;
    if (start > last) parts.push(<Fragment key={`t${last}`}>{text.slice(last, start)}</Fragment>);
    parts.push(
      <a key={`n${start}`} className={styles.tel} href={telHref(match[0])}>
        {match[0]}
      </a>,
    );
    last = start + match[0].length;
  }
  if (parts.length === 0) return text;
  if (last < text.length) parts.push(<Fragment key={`t${last}`}>{text.slice(last)}</Fragment>);
  return <>{parts}</>;
}
