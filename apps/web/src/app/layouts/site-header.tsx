import { Link } from 'react-router';
import { ImageWithFallback } from '../../components/image-with-fallback';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth-store';
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

/** The id of the phone menu drawer, named by the menu button's aria-controls. */
export const SITE_MENU_ID = 'site-menu';

interface SiteHeaderProps {
  /** The site's name with its city, e.g. 秦皇岛市房地产交易服务平台. */
  title: string;
  /** The operating authority's full name (主办单位), under the title on wide screens. */
  authority?: string;
  /**
   * Stored logo path from the site settings: a square emblem drawn left of the title (60×60);
   * the built-in emblem is used when empty.
   */
  logo?: string;
  isMenuOpen: boolean;
  /** Opens the menu drawer (phones and tablets, where the top navigation is folded away). */
  onOpenMenu: () => void;
}

/**
 * The portal header: emblem or logo, the site's name with its city, the operating authority and
 * the service slogan. Below 992 px it is
 * the compact header: the title, 登录 while signed out, and the 菜单 button of the drawer
 * that holds the navigation, the user menu and 房聊.
 */
export function SiteHeader({ title, authority, logo, isMenuOpen, onOpenMenu }: SiteHeaderProps) {
  const isLoggedIn = useAuth((state) => state.isLoggedIn);
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={paths.home.getHref()} className={styles.brand}>
          {logo ? (
            <ImageWithFallback className={styles.logo} src={logo} alt="" loading="eager" />
          ) : (
            <Emblem />
          )}
          <span className={styles.titles}>
            <span className={styles.title}>{title}</span>
            <span className="visually-hidden">首页</span>
            {authority ? (
              <span className={styles.subtitle}>主办单位：{authority}</span>
            ) : (
              <span className={styles.subtitle} aria-hidden="true">
                REAL ESTATE TRADING SERVICE PLATFORM
              </span>
            )}
          </span>
        </Link>
        <div className={styles.slogan}>
          <span>阳光交易</span>
          <span>便民服务</span>
          <span>信息公开</span>
        </div>
        <div className={styles.compactActions}>
          {!isLoggedIn && (
            <Link className={styles.signIn} to={paths.login.getHref({})}>
              登录
            </Link>
          )}
          <button
            type="button"
            className={styles.menuButton}
            aria-label="菜单"
            aria-expanded={isMenuOpen}
            aria-controls={isMenuOpen ? SITE_MENU_ID : undefined}
            onClick={onOpenMenu}
          >
            <span className={styles.menuBars} aria-hidden="true" />
          </button>
        </div>
      </div>
    </header>
  );
}
