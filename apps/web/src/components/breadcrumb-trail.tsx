import { Link } from 'react-router';
import styles from './breadcrumb-trail.module.css';
import { Island } from './island';

export interface Crumb {
  label: string;
  /** Where the crumb leads; the last crumb (the page itself) has none. */
  href?: string;
}

/**
 * 当前位置: the way back up from a page (drawn like antd's Breadcrumb, without its drop-down
 * code). Links are at least 44 px high on phones.
 */
export function BreadcrumbTrail({ crumbs, className }: { crumbs: Crumb[]; className?: string }) {
  // Links only, never changing while the page is shown: taken over when touched or focused.
  return (
    <Island
      hydrate="interaction"
      deps={[className, crumbs.map((c) => `${c.label} ${c.href}`).join('\n')]}
    >
      <nav
        className={className ? `${styles.breadcrumb} ${className}` : styles.breadcrumb}
        aria-label="当前位置"
      >
        <ol>
          {crumbs.map((crumb) =>
            crumb.href ? (
              <li key={crumb.label}>
                <Link to={crumb.href}>{crumb.label}</Link>
              </li>
            ) : (
              <li key={crumb.label} aria-current="page">
                {crumb.label}
              </li>
            ),
          )}
        </ol>
      </nav>
    </Island>
  );
}
