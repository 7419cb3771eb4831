import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { BackToTop } from '../../components/back-to-top';
import { TopLoadingBar } from '../../components/top-loading-bar';
import { DEFAULT_SITE_TITLE } from '../../config/site';
import { FloatingHelp } from '../../features/home/components/floating-help';
import { useSiteSettings } from '../../features/shell/api/get-site-settings';
import { useSiteMeta } from '../../features/shell/hooks/use-site-meta';
import { useAuth } from '../../lib/auth-store';
import { Deferred, lazyNamed } from '../../lib/deferred';
import { MainNav } from './main-nav';
import styles from './public-layout.module.css';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TopBar } from './top-bar';

// The login dialog (antd Form, Input, the shared rules) loads when first opened.
const LoginDialog = lazyNamed(
  () => import('../../features/auth/components/login-dialog'),
  'LoginDialog',
);

/** The public page shell: top bar, header, navigation, the page, footer (spec 1 §2). */
export function PublicLayout() {
  const navigation = useNavigation();
  const { data: settings } = useSiteSettings();
  useSiteMeta(settings);
  const title = settings?.title || DEFAULT_SITE_TITLE;
  const isLoginDialogOpen = useAuth((state) => state.isLoginDialogOpen);

  return (
    <div className={styles.page}>
      <TopLoadingBar isLoading={navigation.state === 'loading'} />
      <TopBar siteTitle={title} />
      <SiteHeader title={title} logo={settings?.logo} />
      <MainNav />
      <main className={styles.main}>
        <Outlet />
      </main>
      <SiteFooter settings={settings} />
      <BackToTop />
      <FloatingHelp />
      <Deferred when={isLoginDialogOpen}>
        <LoginDialog />
      </Deferred>
      <ScrollRestoration />
    </div>
  );
}
