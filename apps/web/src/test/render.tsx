import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import useApp from 'antd/es/app/useApp';
import { type ReactElement, useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PathKey } from '../config/paths';
import { registerMessageApi } from '../lib/notify';
import { RegisteredRoutesProvider } from '../lib/registered-routes';

/** Hands antd App's message API to `lib/notify`, as the app's providers do (`MessageBridge`). */
function MessageBridge() {
  const { message } = useApp();
  useEffect(() => {
    registerMessageApi(message);
    return () => registerMessageApi(null);
  }, [message]);
  return null;
}

interface Options {
  /** Route keys whose pages count as registered. */
  registered?: readonly PathKey[];
  /** Starting URL of the memory router. */
  url?: string;
}

/** Renders UI inside antd App, a fresh query client, the registered-route set and a router. */
export function renderWithProviders(
  ui: ReactElement,
  { registered = [], url = '/' }: Options = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] });
  const result = render(
    <App>
      <MessageBridge />
      <QueryClientProvider client={queryClient}>
        <RegisteredRoutesProvider keys={new Set(registered)}>
          <RouterProvider router={router} />
        </RegisteredRoutesProvider>
      </QueryClientProvider>
    </App>,
  );
  return { ...result, router };
}
