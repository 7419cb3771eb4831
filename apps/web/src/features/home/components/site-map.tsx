import { RouteLink } from '../../../components/route-link';
import { SectionPanel } from '../../../components/section-panel';
import { hrefOf, SITE_MAP_GROUPS } from '../../../config/navigation';
import { useNewTabLink } from '../../../lib/new-tab';
import styles from './home-blocks.module.css';

/** 网站地图: every section of the site, grouped (docs/product/content.md). */
export function SiteMap() {
  const newTab = useNewTabLink();
  return (
    <SectionPanel title="网站地图">
      <div className={styles.siteMap}>
        {SITE_MAP_GROUPS.map((group) => (
          <div key={group.title} className={styles.siteMapGroup}>
            <h3>{group.title}</h3>
            <ul>
              {group.links.map((link) => (
                <li key={link.label}>
                  {link.externalUrl ? (
                    <a href={link.externalUrl} {...newTab}>
                      {link.label}
                    </a>
                  ) : link.routeKey ? (
                    <RouteLink routeKey={link.routeKey} href={hrefOf(link)}>
                      {link.label}
                    </RouteLink>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </SectionPanel>
  );
}
