import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import useApp from 'antd/es/app/useApp';
import { type ReactElement, useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { registerMessageApi } from '../lib/notify';

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
  /** Starting URL of the memory router. */
  url?: string;
}

/** Renders UI inside antd App, a fresh query client and a router. */
export function renderWithProviders(ui: ReactElement, { url = '/' }: Options = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] });
  const result = render(
    <App>
      <MessageBridge />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </App>,
  );
  return { ...result, router };
}
