import { Link } from 'react-router';
import { ImageWithFallback } from '../../components/image-with-fallback';
import { paths } from '../../config/paths';
import styles from './site-header.module.css';

function Emblem() {
  return (
    <svg className={styles.emblem} viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="32" cy="32" r="30" fill="#1f5fbf" />
      <circle cx="32" cy="32" r="26" fill="none" stroke="#fff" strokeWidth="1.5" opacity="0.6" />
      <path d="M16 36 32 21l16 15v12H37v-9H27v9H16z" fill="#fff" />
      <path d="M12 50c6-3 12-3 20 0s14 3 20 0" stroke="#9cc3ff" strokeWidth="3" fill="none" />
    </svg>
  );
}

interface SiteHeaderProps {
  title: string;
  /**
   * Stored logo path from the site settings: a square emblem drawn left of the title (60×60);
   * the built-in emblem is used when empty.
   */
  logo?: string;
}

/** The portal header: emblem or logo, the site title and the service slogan. */
export function SiteHeader({ title, logo }: SiteHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={paths.home.getHref()} className={styles.brand} aria-label={`${title} 首页`}>
          {logo ? (
            <ImageWithFallback className={styles.logo} src={logo} alt="" loading="eager" />
          ) : (
            <Emblem />
          )}
          <span className={styles.titles}>
            <span className={styles.title}>{title}</span>
            <span className={styles.subtitle}>REAL ESTATE TRADING SERVICE PLATFORM</span>
          </span>
        </Link>
        <div className={styles.slogan}>
          <span>阳光交易</span>
          <span>便民服务</span>
          <span>信息公开</span>
        </div>
      </div>
    </header>
  );
}
