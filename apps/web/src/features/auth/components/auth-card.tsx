import type { ReactNode } from 'react';
import styles from './auth-card.module.css';

/** The white card in which the sign-in, registration and password pages sit. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.wrap}>
      <div className={styles.card}>
        <h1 className={styles.title}>{title}</h1>
        {children}
      </div>
    </section>
  );
}
