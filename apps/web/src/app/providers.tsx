import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import useApp from 'antd/es/app/useApp';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { registerMessageApi } from '../lib/notify';
import { queryClient } from '../lib/query-client';
import { useIsPhone } from '../lib/use-media-query';
import { AntdApp } from './antd-app/antd-app';
import { portalPhoneTheme, portalTheme } from './theme';

/** Hands the themed message API of the app context to code outside React. */
function MessageBridge() {
  const { message } = useApp();
  useEffect(() => {
    registerMessageApi(message);
    return () => registerMessageApi(null);
  }, [message]);
  return null;
}

/**
 * Locale, theme (with larger touch targets on phones), toasts, server-state cache for the whole
 * app. Without antd's unique tooltips: the browser build leaves their provider out of the shell
 * (docs/decisions/0080-the-shell-without-the-popup-engine.md).
 */
export function AppProviders({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  /** The server-state cache: the app's own, or one per page the server renders. */
  client?: QueryClient;
}) {
  const isPhone = useIsPhone();
  return (
    <ConfigProvider
      locale={zhCN}
      theme={isPhone ? portalPhoneTheme : portalTheme}
      button={{ autoInsertSpace: false }}
    >
      <AntdApp>
        <MessageBridge />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
