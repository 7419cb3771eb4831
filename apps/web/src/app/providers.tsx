import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import useApp from 'antd/es/app/useApp';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { registerMessageApi } from '../lib/notify';
import { queryClient } from '../lib/query-client';
import { RegisteredRoutesProvider } from '../lib/registered-routes';
import { AntdApp } from './antd-app/antd-app';
import { REGISTERED_ROUTE_KEYS } from './route-table';
import { portalTheme } from './theme';

/** Hands the themed message API of the app context to code outside React. */
function MessageBridge() {
  const { message } = useApp();
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
      <AntdApp>
        <MessageBridge />
        <QueryClientProvider client={queryClient}>
          <RegisteredRoutesProvider keys={REGISTERED_ROUTE_KEYS}>
            {children}
          </RegisteredRoutesProvider>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
