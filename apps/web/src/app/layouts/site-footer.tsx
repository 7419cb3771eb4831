import type { SiteSettings } from '@portal/shared/schemas/site';
import { Link } from 'react-router';
import { hrefOf, NAV_ITEMS, type NavLink, SITE_MAP_GROUPS } from '../../config/navigation';
import { useNewTabLink } from '../../lib/new-tab';
import { NavLabel } from './nav-label';
import styles from './site-footer.module.css';

/** Where a mainland record-filing (ICP) number is verified, when the settings name no other. */
const ICP_LOOKUP_URL = 'https://beian.miit.gov.cn/';

function uniqueByHref(links: readonly NavLink[]): NavLink[] {
  const seen = new Set<string>();
  return links.filter((link) => {
    const href = hrefOf(link);
    if (seen.has(href)) return false;
    seen.add(href);
    return true;
  });
}

/**
 * Footer: links to the site's sections, then who runs the site, its service hotline, the
 * copyright, and the ICP and 公安备案 numbers with the addresses where they are verified.
 */
export function SiteFooter({ settings }: { settings: SiteSettings | undefined }) {
  const newTab = useNewTabLink();
  const links = uniqueByHref([...NAV_ITEMS, ...SITE_MAP_GROUPS.flatMap((group) => group.links)]);

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav className={styles.links} aria-label="网站导航">
          {links.map((link) =>
            link.externalUrl ? (
              <a key={link.label} href={link.externalUrl} {...newTab}>
                {link.label}
              </a>
            ) : (
              <Link key={link.label} to={hrefOf(link)}>
                <NavLabel link={link} />
              </Link>
            ),
          )}
        </nav>
        <div className={styles.legal}>
          {(settings?.authority || settings?.hotline) && (
            <p>
              {settings.authority && (
                <span className={styles.item}>主办单位：{settings.authority}</span>
              )}
              {settings.hotline && (
                <span className={styles.item}>
                  服务热线：
                  <a href={`tel:${settings.hotline.replace(/[^0-9+]/g, '')}`}>{settings.hotline}</a>
                </span>
              )}
            </p>
          )}
          {settings?.copyright && <p>{settings.copyright}</p>}
          <p>
            {settings?.icp && (
              <a href={settings.icpLink || ICP_LOOKUP_URL} {...newTab}>
                {settings.icp}
              </a>
            )}
            {settings?.psbNumber &&
              (settings.psbLink ? (
                <a href={settings.psbLink} {...newTab}>
                  {settings.psbNumber}
                </a>
              ) : (
                <span className={styles.item}>{settings.psbNumber}</span>
              ))}
            {settings?.website && (
              <a href={settings.website} {...newTab}>
                {settings.website}
              </a>
            )}
          </p>
          <p className={styles.note} data-small-print>
            本站信息仅供参考，以相关部门公布的信息为准
          </p>
        </div>
      </div>
    </footer>
  );
}
