import {
  AGREEMENT_EFFECTIVE_DATE,
  AGREEMENT_SECTIONS,
  AGREEMENT_TITLE,
} from './agreement-sections';
import styles from './site-pages.module.css';

/** The user service agreement text (docs/product/content.md). */
export function AgreementText() {
  return (
    <article className={styles.agreement}>
      <h1>{AGREEMENT_TITLE}</h1>
      <p className={styles.agreementDate}>生效日期：{AGREEMENT_EFFECTIVE_DATE}</p>
      {AGREEMENT_SECTIONS.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 16)}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
