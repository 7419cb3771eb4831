import type { LegalKind } from '@portal/shared/legal/texts';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { legalDocumentQuery as legalDocumentQueryOf } from '../../lib/legal';
import { LegalBody, versionLine } from './legal-text';
import styles from './legal.module.css';

/** /agreement and /privacy: the version in force of one text, as operators published it. */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const { data } = useQuery(legalDocumentQueryOf(kind));
  if (!data) return <Spin />;
  return (
    <article className={styles.page}>
      <h1>{data.title}</h1>
      <p className={styles.version}>{versionLine(data.version, data.publishedAt)}</p>
      <LegalBody body={data.body} />
    </article>
  );
}
