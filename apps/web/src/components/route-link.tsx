import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type PathKey, paths } from '../config/paths';

interface RouteLinkProps {
  routeKey: PathKey;
  /** The full href with its query; defaults to the route's path. */
  href?: string;
  className?: string;
  /** Marks the link to the page being shown (a tab, a menu item). */
  isCurrent?: boolean;
  children: ReactNode;
}

/** A link to one of the site's pages, by its route key. */
export function RouteLink({ routeKey, href, className, isCurrent, children }: RouteLinkProps) {
  return (
    <Link
      className={className}
      to={href ?? paths[routeKey].path}
      aria-current={isCurrent ? 'page' : undefined}
    >
      {children}
    </Link>
  );
}
