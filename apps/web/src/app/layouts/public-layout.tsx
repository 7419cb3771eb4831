import { siteNameOf } from '@portal/shared/constants/page-titles';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { BackToTop } from '../../components/back-to-top';
import { ClientOnly } from '../../components/client-only';
import { TopLoadingBar } from '../../components/top-loading-bar';
import { DEFAULT_SITE_TITLE } from '../../config/site';
import { logout } from '../../features/auth/api/logout';
import { CareBar } from '../../features/care/components/care-bar';
import { FloatingHelp } from '../../features/home/components/floating-help';
import { useSiteSettings } from '../../features/shell/api/get-site-settings';
import { useSiteMeta } from '../../features/shell/hooks/use-site-meta';
import { useAuth } from '../../lib/auth-store';
import { Deferred, lazyNamed } from '../../lib/deferred';
import { publishSiteName, useRouteTitle } from '../../lib/page-title';
import { useReadAloudOpen } from '../../lib/read-aloud-launcher';
import { useWechatShare } from '../../lib/use-wechat-share';
import { BottomTabBar } from './bottom-tab-bar';
import { MainNav } from './main-nav';
import styles from './public-layout.module.css';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';
import { useKeepFocus } from './use-keep-focus';

// The login dialog (antd Form, Input, the shared rules) loads when first opened.
const LoginDialog = lazyNamed(
  () => import('../../features/auth/components/login-dialog'),
  'LoginDialog',
);
// The re-accept dialog of a new agreement version loads for signed-in visitors only.
const ReacceptAgreement = lazyNamed(
  () => import('../../components/legal/reaccept-agreement'),
  'ReacceptAgreement',
);
// 读屏 (the panel and the speech code) loads when first opened.
const ReadAloudPanel = lazyNamed(
  () => import('../../features/care/components/read-aloud-panel'),
  'ReadAloudPanel',
);
// The compact header's menu (antd Drawer) loads on the first tap of 菜单.
const MenuDrawer = lazyNamed(() => import('./menu-drawer'), 'MenuDrawer');

/**
 * The public page shell: skip link, top bar, header, navigation, the page, footer (docs/product/site-shell.md).
 * Below 992 px the top bar and navigation fold into the header's menu drawer, and so do the
 * floating buttons; below 768 px the bottom tab bar leads to the main sections.
 */
export function PublicLayout() {
  const navigation = useNavigation();
  const { data: settings } = useSiteSettings();
  useSiteMeta(settings);
  const title = settings ? siteNameOf(settings) : DEFAULT_SITE_TITLE;
  useEffect(() => publishSiteName(settings ? title : ''), [settings, title]);
  useRouteTitle();
  useWechatShare(settings);
  const isLoginDialogOpen = useAuth((state) => state.isLoginDialogOpen);
  const isLoggedIn = useAuth((state) => state.isLoggedIn);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const [isHelpOpen, setHelpOpen] = useState(false);
  const isReadAloudOpen = useReadAloudOpen();
  const mainRef = useRef<HTMLElement>(null);
  useKeepFocus(mainRef);

  return (
    <div className={styles.page}>
      <SkipLink mainRef={mainRef} />
      <CareBar />
      <TopLoadingBar isLoading={navigation.state === 'loading'} />
      <TopBar siteTitle={title} />
      <SiteHeader
        title={title}
        authority={settings?.authority}
        logo={settings?.logo}
        isMenuOpen={isMenuOpen}
        onOpenMenu={() => setMenuOpen(true)}
      />
      <MainNav />
      <main id={MAIN_CONTENT_ID} ref={mainRef} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      {/* Not an island yet: a navigation from the 404 page to the home page stalled with the footer
          waiting as one (router test), cause not found; docs/decisions/0058-hydrate-less.md. */}
      <SiteFooter settings={settings} />
      <BottomTabBar />
      <ClientOnly>
        <BackToTop />
        <FloatingHelp isOpen={isHelpOpen} onOpenChange={setHelpOpen} />
      </ClientOnly>
      <Deferred when={isLoginDialogOpen}>
        <LoginDialog />
      </Deferred>
      <Deferred when={isLoggedIn}>
        <ReacceptAgreement onDecline={logout} />
      </Deferred>
      <Deferred when={isMenuOpen}>
        <MenuDrawer
          isOpen={isMenuOpen}
          onClose={() => setMenuOpen(false)}
          onOpenHelp={() => setHelpOpen(true)}
        />
      </Deferred>
      {isReadAloudOpen && (
        <Suspense fallback={null}>
          <ReadAloudPanel />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
