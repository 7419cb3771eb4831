import styles from './care-bar.module.css';
import { CareModeSwitch } from './care-mode-switch';

/**
 * 我的 › 安全设置: the 长辈版 choice, kept with the account so that it follows the citizen to
 * every device they sign in on (docs/product/accessibility.md).
 */
export function CareModeSetting() {
  return (
    <section className={styles.setting} aria-labelledby="care-mode-setting-title">
      <h2 id="care-mode-setting-title" className={styles.settingTitle}>
        显示方式
      </h2>
      <p className={styles.settingText}>
        <span className="care-off-only">当前为标准版。</span>
        <span className="care-on-only">当前为长辈版。</span>
        长辈版字更大、按钮更大，首页只留常用功能，不弹出广告和推荐；登录后换手机或电脑也会保持。
      </p>
      <CareModeSwitch className={styles.button} />
    </section>
  );
}
