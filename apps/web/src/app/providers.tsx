import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { registerMessageApi } from '../lib/notify';
import { queryClient } from '../lib/query-client';
import { RegisteredRoutesProvider } from '../lib/registered-routes';
import { REGISTERED_ROUTE_KEYS } from './route-table';
import { portalTheme } from './theme';

/** Hands the themed message API of antd's App context to code outside React. */
function MessageBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    registerMessageApi(message);
    return () => registerMessageApi(null);
  }, [message]);
  return null;
}

/** Locale, theme, toasts, server-state cache and the registered-route set for the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={portalTheme} button={{ autoInsertSpace: false }}>
      <App>
        <MessageBridge />
        <QueryClientProvider client={queryClient}>
          <RegisteredRoutesProvider keys={REGISTERED_ROUTE_KEYS}>
            {children}
          </RegisteredRoutesProvider>
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
