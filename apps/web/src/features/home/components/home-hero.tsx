import type { ReactNode } from 'react';
import styles from './home-hero.module.css';
import { SkylineIllustration } from './skyline-illustration';

/** The headline banner of the home page: skyline picture, headline and the search box. */
export function HomeHero({ children }: { children: ReactNode }) {
  return (
    <section className={styles.hero} aria-label="首页横幅">
      <SkylineIllustration className={styles.picture} />
      <div className={styles.scrim} />
      <div className={styles.overlay}>
        <h1 className={styles.headline}>阳光交易 · 安居乐业</h1>
        <p className={styles.tagline}>新房 · 二手房 · 政策资讯 · 便民查询 一站式房产交易服务</p>
        <div className={styles.searchSlot}>{children}</div>
      </div>
    </section>
  );
}
