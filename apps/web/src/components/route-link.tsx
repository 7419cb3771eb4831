import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type PathKey, paths } from '../config/paths';
import { useIsRegistered } from '../lib/registered-routes';

interface RouteLinkProps {
  routeKey: PathKey;
  /** The full href with its query; defaults to the route's path. */
  href?: string;
  className?: string;
  /** Marks the link to the page being shown (a tab, a menu item). */
  isCurrent?: boolean;
  children: ReactNode;
}

/**
 * A link to one of the site's pages that is only a link once that page is registered; before
 * that it renders its content as plain text, so no link ever leads to a missing page.
 */
export function RouteLink({ routeKey, href, className, isCurrent, children }: RouteLinkProps) {
  const isRegistered = useIsRegistered();
  if (!isRegistered(routeKey)) {
    return (
      <span className={className} aria-disabled="true">
        {children}
      </span>
    );
  }
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
