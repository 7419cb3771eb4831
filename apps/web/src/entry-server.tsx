/*
 * Server rendering of the public pages (docs/decisions/0048-server-rendered-public-pages.md).
 * The server's page handler loads this module (built by `vite build --ssr` into dist-ssr) and
 * calls `renderPage` for a page address. The page is rendered with the app's own routes,
 * providers and query hooks; its API calls go through `fetchApi` (the server's own routes). The
 * reads the page asks for are fetched and the page rendered again until it asks for nothing new,
 * so the HTML carries the page's content, and the answers go into the page as the dehydrated
 * query cache that `main.tsx` hydrates from, so the browser does not ask again.
 */
import './lib/zod-without-eval';
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { sanitizeHtmlOptions } from '@portal/shared/html/sanitize-html-options';
import {
  dehydrate,
  type DehydratedState,
  QueryClient,
  type QueryKey,
  skipToken,
} from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import sanitizeHtml from 'sanitize-html';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { setServerFetch } from './lib/api-client';
import { setWindowlessCleaner } from './lib/safe-html';
import { setDrawnForWidth } from './lib/use-media-query';

/** The API as the server hands it to the renderer: a GET of a path with its query. */
export type ApiFetch = (url: string) => Promise<Response>;

/** One rendered page. */
export interface RenderedPage {
  /** The inside of `<div id="root">`. */
  html: string;
  /** antd's styles of the rendered components, as `<style>` elements for the head. */
  styles: string;
  /** The query cache's answers, for `main.tsx` to hydrate from. */
  state: DehydratedState;
  /** The API reads the page made, by URL, in the order made: what the page was rendered from. */
  reads: string[];
  /** The window width (px) the page was drawn for, which the browser hydrates with. */
  viewportWidth: number;
}

/** Renders at most this many times: the reads of one render may lead to more reads. */
const MAX_PASSES = 4;
/** A render that takes longer than this is abandoned (the shell is sent instead). */
const RENDER_TIMEOUT_MS = 10_000;

interface RenderContext {
  fetchApi: ApiFetch;
  reads: string[];
  viewportWidth: number;
}

const current = new AsyncLocalStorage<RenderContext>();

setServerFetch(async (input, init) => {
  const context = current.getStore();
  if (!context) throw new Error('API call outside a server render');
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if ((init?.method ?? 'GET') !== 'GET') throw new Error('only reads are made while rendering');
  context.reads.push(url);
  return context.fetchApi(url);
});

setWindowlessCleaner((html, list) => sanitizeHtml(html, sanitizeHtmlOptions(list)));
setDrawnForWidth(() => current.getStore()?.viewportWidth ?? null);

interface WantedQuery {
  queryKey: QueryKey;
  queryHash: string;
}

/**
 * A query client that notes every query a render asks for and that is enabled: on the server the
 * hooks only register their queries (nothing fetches during a render), and these are then fetched
 * before the next render. Every hook's options pass through `defaultQueryOptions`.
 */
function createRenderQueryClient(): { client: QueryClient; wanted: Map<string, WantedQuery> } {
  const wanted = new Map<string, WantedQuery>();
  const client = new QueryClient({
    // One try: a failed read leaves its part loading, and the browser asks again.
    defaultOptions: { queries: { staleTime: 30_000, retry: false } },
  });
  const defaultQueryOptions = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options) => {
    const defaulted = defaultQueryOptions(options);
    const enabled = defaulted.enabled === undefined || defaulted.enabled === true;
    if (enabled && defaulted.queryFn && defaulted.queryFn !== skipToken && defaulted.queryHash) {
      wanted.set(defaulted.queryHash, {
        queryKey: defaulted.queryKey,
        queryHash: defaulted.queryHash,
      });
    }
    return defaulted;
  }) as QueryClient['defaultQueryOptions'];
  return { client, wanted };
}

function renderToHtml(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    sink.on('error', reject);
    let failed: unknown;
    const stream = renderToPipeableStream(element, {
      // Every boundary is written in place: a boundary sent apart is put in place by an inline
      // script, which the Content-Security-Policy (scripts from the site only) would block.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => {
        if (failed) reject(failed instanceof Error ? failed : new Error(String(failed)));
        else stream.pipe(sink);
      },
      onShellError: reject,
      onError: (error) => {
        failed ??= error;
      },
    });
    setTimeout(() => stream.abort(new Error('server render timed out')), RENDER_TIMEOUT_MS).unref();
  });
}

/** Fetches the wanted queries that have no answer yet; true when there were any. */
async function fetchWanted(
  client: QueryClient,
  wanted: Map<string, WantedQuery>,
): Promise<boolean> {
  const missing = [...wanted.values()].filter(
    ({ queryHash }) => client.getQueryCache().get(queryHash)?.state.status !== 'success',
  );
  const tried = missing.filter(({ queryHash }) => {
    const query = client.getQueryCache().get(queryHash);
    return query && query.state.fetchFailureCount === 0 && query.state.status !== 'error';
  });
  if (tried.length === 0) return false;
  await Promise.all(
    tried.map(({ queryHash }) => {
      const query = client.getQueryCache().get(queryHash);
      return query?.fetch().catch(() => undefined);
    }),
  );
  return true;
}

/**
 * Renders the page at `url` (path and query) for a window `viewportWidth` px wide (a phone's
 * layout below 768). Throws when the page cannot be rendered (the caller then sends the
 * client-rendered shell).
 */
export async function renderPage(
  url: string,
  fetchApi: ApiFetch,
  viewportWidth = 1440,
): Promise<RenderedPage> {
  const context: RenderContext = { fetchApi, reads: [], viewportWidth };
  return current.run(context, async () => {
    const { client, wanted } = createRenderQueryClient();
    const handler = createStaticHandler(routes);
    const request = new Request(new URL(url, 'http://localhost'));
    const routerContext = await handler.query(request);
    if (routerContext instanceof Response) throw new Error('the page redirects');
    // A route whose code failed to load here would be drawn as the error page; the browser
    // draws the page itself instead.
    if (routerContext.errors) {
      const [failure] = Object.values(routerContext.errors);
      throw failure instanceof Error ? failure : new Error('a route failed to load');
    }

    const renderOnce = async () => {
      const cache = createCache();
      const router = createStaticRouter(handler.dataRoutes, routerContext);
      const html = await renderToHtml(
        <StrictMode>
          <StyleProvider cache={cache}>
            <AppProviders client={client}>
              <StaticRouterProvider router={router} context={routerContext} hydrate={false} />
            </AppProviders>
          </StyleProvider>
        </StrictMode>,
      );
      return { html, cache };
    };

    let rendered = await renderOnce();
    for (let pass = 1; pass < MAX_PASSES && (await fetchWanted(client, wanted)); pass += 1) {
      rendered = await renderOnce();
    }
    if (/<script\b/i.test(rendered.html)) throw new Error('the rendered page contains a script');
    return {
      html: rendered.html,
      styles: extractStyle(rendered.cache),
      state: dehydrate(client),
      reads: context.reads,
      viewportWidth,
    };
  });
}
