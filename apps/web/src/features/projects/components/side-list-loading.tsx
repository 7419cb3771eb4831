import styles from './side-panels.module.css';

/** A side list while it loads: its room kept, and 加载中… said, instead of 暂无数据. */
export function SideListLoading() {
  return (
    <p className={styles.listLoading} aria-busy="true">
      加载中…
    </p>
  );
}
