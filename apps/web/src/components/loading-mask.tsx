import { Spin } from 'antd';
import styles from './loading-mask.module.css';

export const LOADING_MASK_TEXT = '数据加载中,请稍后...';

interface LoadingMaskProps {
  isVisible?: boolean;
  text?: string;
}

/** Full-screen mask with a spinner that blocks the page while data loads (docs/product/site-shell.md). */
export function LoadingMask({ isVisible = true, text = LOADING_MASK_TEXT }: LoadingMaskProps) {
  if (!isVisible) return null;
  return (
    <div className={styles.mask} role="status" aria-live="polite" aria-busy="true">
      <Spin size="large" />
      <p className={styles.text}>{text}</p>
    </div>
  );
}
