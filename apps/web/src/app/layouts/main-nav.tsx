import { DownOutlined } from '@ant-design/icons';
import { cloneElement, type ReactElement, Suspense, useState } from 'react';
import { Link, type LinkProps, useLocation, useNavigate } from 'react-router';
import { hrefOf, NAV_ITEMS, type NavItem, type NavLink } from '../../config/navigation';
import { findPathKey } from '../../config/paths';
import { lazyNamed, useOverlayArming } from '../../lib/deferred';
import styles from './main-nav.module.css';
import { NavLabel } from './nav-label';

const loadOverlays = () => import('./shell-overlays');
const NavDropdown = lazyNamed(loadOverlays, 'NavDropdown');

/**
 * A navigation item with sub-pages: its drop-down menu loads when first hovered or focused. On a
 * touch screen (no hover) the first tap opens the menu and a second tap follows the link; the
 * arrow-down key opens it from the keyboard.
 */
function ItemWithMenu({
  link,
  subLinks,
}: {
  link: ReactElement<LinkProps>;
  subLinks: readonly NavLink[];
}) {
  const navigate = useNavigate();
  const { isArmed, handlers, shouldStartOpen } = useOverlayArming(loadOverlays);
  const [isOpen, setOpen] = useState(false);
  const [wasArmed, setWasArmed] = useState(false);
  const [isOpenedByKey, setOpenedByKey] = useState(false);
  const [pointerType, setPointerType] = useState('');
  if (isArmed && !wasArmed) {
    // The menu's code has just arrived: open it if the pointer is still on the item.
    setWasArmed(true);
    if (shouldStartOpen()) setOpen(true);
  }
  const trigger = cloneElement(link, {
    'aria-haspopup': 'menu',
    'aria-expanded': isOpen,
    onPointerDown: (event) => {
      setPointerType(event.pointerType);
      setOpenedByKey(false);
    },
    onClick: (event) => {
      if (pointerType === 'touch' && !isOpen) {
        event.preventDefault();
        setOpen(true);
      } else {
        setOpen(false);
      }
    },
    onKeyDown: (event) => {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        setOpenedByKey(true);
        setOpen(true);
      }
    },
  });
  return (
    <li {...handlers}>
      {isArmed ? (
        <Suspense fallback={trigger}>
          <NavDropdown
            items={subLinks.map((child) => ({ key: hrefOf(child), label: child.label }))}
            onSelect={(key) => {
              setOpen(false);
              navigate(key);
            }}
            isOpen={isOpen}
            focusMenu={isOpenedByKey}
            onOpenChange={(next) => {
              setOpen(next);
              if (!next) setOpenedByKey(false);
            }}
          >
            {trigger}
          </NavDropdown>
        </Suspense>
      ) : (
        trigger
      )}
    </li>
  );
}

function isActive(item: NavItem, pathname: string): boolean {
  const key = findPathKey(pathname);
  if (!key || !item.routeKey) return false;
  return item.routeKey === key || (item.activeFor ?? []).includes(key);
}

/** The top navigation: the spec's items, the external tourism page among them. */
export function MainNav() {
  const { pathname } = useLocation();

  return (
    <nav className={styles.nav} aria-label="主导航">
      <ul className={styles.list}>
        {NAV_ITEMS.map((item) => {
          const active = isActive(item, pathname);
          const className = active ? `${styles.link} ${styles.active}` : styles.link;
          if (item.externalUrl) {
            return (
              <li key={item.label}>
                <a
                  className={className}
                  href={item.externalUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {item.label}
                </a>
              </li>
            );
          }
          const children = item.children ?? [];
          const link = (
            <Link
              className={className}
              to={hrefOf(item)}
              aria-current={active ? 'page' : undefined}
            >
              <NavLabel link={item} />
              {children.length > 0 && <DownOutlined className={styles.caret} aria-hidden="true" />}
            </Link>
          );
          return children.length > 0 ? (
            <ItemWithMenu key={item.label} link={link} subLinks={children} />
          ) : (
            <li key={item.label}>{link}</li>
          );
        })}
      </ul>
    </nav>
  );
}
