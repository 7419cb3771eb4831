import { SoundOutlined } from '@ant-design/icons';
import { setReadAloudOpen } from '../../../lib/read-aloud-launcher';
import styles from './care-bar.module.css';
import { CareModeSwitch } from './care-mode-switch';

/**
 * The bar across the top of every page in 长辈版, at every width: says the mode is on, opens 读屏
 * and offers 退出长辈版 in plain sight (docs/product/accessibility.md). Hidden in the normal mode
 * by the mode's attribute, so it costs nothing there but its markup.
 */
export function CareBar() {
  return (
    <div className={`${styles.bar} care-on-only`} role="region" aria-label="长辈版">
      <span className={styles.note}>您正在使用长辈版：字更大，按钮更大</span>
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => setReadAloudOpen(true)}>
          <SoundOutlined aria-hidden="true" /> 读屏
        </button>
        <CareModeSwitch className={`${styles.button} ${styles.exit}`} />
      </div>
    </div>
  );
}
