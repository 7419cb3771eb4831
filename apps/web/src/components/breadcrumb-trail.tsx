import { Link } from 'react-router';
import styles from './breadcrumb-trail.module.css';
import { Island } from './island';

export interface Crumb {
  label: string;
  /** Where the crumb leads; the last crumb (the page itself) and a section without a page have none. */
  href?: string;
}

/** The trail itself: links up to the page, the page last. */
function TrailNav({ crumbs, className }: { crumbs: Crumb[]; className?: string }) {
  return (
    <nav
      className={className ? `${styles.breadcrumb} ${className}` : styles.breadcrumb}
      aria-label="当前位置"
    >
      <ol>
        {crumbs.map((crumb, index) =>
          crumb.href ? (
            <li key={crumb.label}>
              <Link to={crumb.href}>{crumb.label}</Link>
            </li>
          ) : (
            // A section without a page of its own (便民查询) is plain text; the last is the page.
            <li key={crumb.label} aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
              {crumb.label}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}

/**
 * 当前位置: the way back up from a page (drawn like antd's Breadcrumb, without its drop-down
 * code). Links are at least 44 px high on phones.
 *
 * By default an island taken over when touched or focused: links only, never changing while the
 * page is shown. `isIsland={false}` draws it as part of the page instead, for pages whose first
 * tap must answer while the page is being taken over: on /tool, a trail waiting as an island
 * left the first 计算 after the page loaded unanswered (the calculators' journeys in `e2e/`).
 */
export function BreadcrumbTrail({
  crumbs,
  className,
  isIsland = true,
}: {
  crumbs: Crumb[];
  className?: string;
  isIsland?: boolean;
}) {
  const trail = <TrailNav crumbs={crumbs} className={className} />;
  if (!isIsland) return trail;
  return (
    <Island
      hydrate="interaction"
      deps={[className, crumbs.map((c) => `${c.label} ${c.href}`).join('\n')]}
    >
      {trail}
    </Island>
  );
}
