import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { REDIS_URL } from '../../../test/scale-out/instances';
import { buildApp } from '../../app';
import { SSR_MARKER } from './page-render';
import { renderAddressOf } from './render-address';

/*
 * Server rendering under a flood of unique addresses (docs/operations.md): drawn and kept under
 * each page's own parameters, at most RENDER_CONCURRENCY drawings at once, RENDER_PER_CLIENT
 * fresh drawings a minute per client address; beyond either the plain shell, status 200.
 */

const SHELL =
  '<!doctype html><html><head><title>房地产交易服务平台</title></head><body><div id="root"></div></body></html>';

/**
 * A renderer as the web build's is called: it notes each address it draws, and waits while the
 * test holds `globalThis.renderGate`.
 */
const RENDERER = `
export async function renderPage(url, fetchApi, viewportWidth) {
  globalThis.drawnPages.push(url);
  if (globalThis.renderGate) await globalThis.renderGate;
  return { html: '<main>drawn ' + url + '</main>', styles: '', state: { queries: [] }, reads: [], viewportWidth };
}`;

declare global {
  var drawnPages: string[];
  var renderGate: Promise<void> | undefined;
}

let t: TestApp;
let web: FastifyInstance;

beforeAll(async () => {
  globalThis.drawnPages = [];
  t = await createTestApp({
    seedScale: 0.05,
    env: { RENDER_CONCURRENCY: '1', RENDER_PER_CLIENT: '3' },
  });
  const { webDist } = t.config;
  mkdirSync(path.join(webDist, '.vite'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), SHELL);
  writeFileSync(path.join(webDist, '.vite', 'page-styles.json'), '{}');
  const ssr = path.join(path.dirname(webDist), 'dist-ssr');
  mkdirSync(ssr, { recursive: true });
  writeFileSync(path.join(ssr, 'package.json'), '{"type":"module"}');
  writeFileSync(path.join(ssr, 'entry-server.js'), RENDERER);
  web = await buildApp({ config: t.config, database: t.database, logger: false });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  await t?.dispose();
});

/** A signed-out visitor's page GET from `address`. */
const visit = (url: string, address: string) =>
  web.inject({ method: 'GET', url, remoteAddress: address });

function expectRendered(body: string, url: string) {
  expect(body, url).toContain(`<meta name="${SSR_MARKER}"`);
  expect(body, url).toMatch(/<div id="root"><main>drawn /);
}

function expectShell(body: string, url: string) {
  expect(body, url).not.toContain(SSR_MARKER);
  expect(body, url).toContain('<div id="root"></div>');
  // The plain shell still carries the page's own head.
  expect(body, url).toMatch(/<title>[^<]+<\/title>/);
}

describe('the render address', () => {
  it('keeps only the page’s own parameters, sorted, in the page table’s spelling', () => {
    expect(renderAddressOf('/houseHome?utm_source=x&id=7&from=singlemessage')).toBe(
      '/houseHome?id=7',
    );
    expect(renderAddressOf('/NEWHOUSE/?keyword=海&zz=1&areaCode=130302&keyword=b')).toBe(
      '/newHouse?areaCode=130302&keyword=%E6%B5%B7',
    );
    expect(renderAddressOf('/home?x=1')).toBe('/home');
    expect(renderAddressOf('/tool?tab=1')).toBe('/tool?tab=1');
    // Calculator values from the address: drawn in the browser.
    expect(renderAddressOf('/tool?tab=1&unitPrice=9800')).toBeUndefined();
    expect(renderAddressOf('/myOrder')).toBeUndefined();
  });
});

describe('server rendering under a flood of unique addresses', () => {
  it('ignores unknown parameters: no new drawing, no new kept page', async () => {
    const before = globalThis.drawnPages.length;
    for (let n = 0; n < 6; n += 1) {
      const url = `/about?nocache=${n}-${Math.random()}`;
      // Readers of their own, each within its budget of drawn answers.
      const res = await visit(url, `10.1.1.${n}`);
      expect(res.statusCode).toBe(200);
      expectRendered(res.body, url);
    }
    expect(globalThis.drawnPages.slice(before)).toEqual(['/about']);
    const kept = (await visit('/ABOUT?again=1', '10.1.0.2')).body;
    expectRendered(kept, '/ABOUT?again=1');
    expect(globalThis.drawnPages.slice(before)).toEqual(['/about']);

    // A parameter the page reads is another page.
    const res = await visit('/newHouse?keyword=海景&utm=1', '10.1.0.3');
    expectRendered(res.body, '/newHouse?keyword=海景');
    expect(globalThis.drawnPages.at(-1)).toBe('/newHouse?keyword=%E6%B5%B7%E6%99%AF');
  });

  it('serves the plain shell (200) while the cap of drawings at once is reached', async () => {
    let release = () => undefined as void;
    globalThis.renderGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const first = visit('/newHouse?pageNum=2', '10.2.0.1');
      while (!globalThis.drawnPages.includes('/newHouse?pageNum=2')) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const second = await visit('/newHouse?pageNum=3', '10.2.0.2');
      expect(second.statusCode).toBe(200);
      expectShell(second.body, '/newHouse?pageNum=3');
      // A kept page is served while the cap is reached: it needs no drawing.
      expectRendered((await visit('/about?x=2', '10.2.0.3')).body, '/about');
      release();
      const drawn = await first;
      expect(drawn.statusCode).toBe(200);
      expectRendered(drawn.body, '/newHouse?pageNum=2');
    } finally {
      globalThis.renderGate = undefined;
      release();
    }
    // Once the drawing is done, the next page is drawn again.
    expectRendered((await visit('/newHouse?pageNum=3', '10.2.0.2')).body, '/newHouse?pageNum=3');
  });

  it('serves the plain shell (200) to a client over its drawn answers a minute', async () => {
    const client = '10.3.0.1';
    for (const n of [11, 12, 13]) {
      const res = await visit(`/newHouse?pageNum=${n}`, client);
      expectRendered(res.body, `/newHouse?pageNum=${n}`);
    }
    const over = await visit('/newHouse?pageNum=14', client);
    expect(over.statusCode).toBe(200);
    expectShell(over.body, '/newHouse?pageNum=14');
    expect(globalThis.drawnPages).not.toContain('/newHouse?pageNum=14');
    // Kept pages count too (checking one asks its reads again): the shell; other clients still
    // get drawings and kept pages.
    expectShell((await visit('/newHouse?pageNum=11', client)).body, '/newHouse?pageNum=11');
    expectRendered((await visit('/newHouse?pageNum=11', '10.3.0.3')).body, '/newHouse?pageNum=11');
    expectRendered((await visit('/newHouse?pageNum=14', '10.3.0.2')).body, '/newHouse?pageNum=14');
  });

  it('leaves calculator values in the address to the browser', async () => {
    const res = await visit('/tool?tab=1&unitPrice=9800&area=89.5', '10.4.0.1');
    expect(res.statusCode).toBe(200);
    expectShell(res.body, '/tool?…');
    expectRendered((await visit('/tool?tab=1', '10.4.0.1')).body, '/tool?tab=1');
  });
});

describe('the per-client limit across instances', () => {
  it('is counted in Redis when configured: two instances share one limit', async () => {
    const config = { ...t.config, redisUrl: REDIS_URL, redisPrefix: `render-test-${Date.now()}:` };
    const one = await buildApp({ config, database: t.database, logger: false });
    const two = await buildApp({ config, database: t.database, logger: false });
    try {
      const client = '10.9.0.1';
      const at = (app: FastifyInstance, url: string) =>
        app.inject({ method: 'GET', url, remoteAddress: client });
      expectRendered((await at(one, '/newHouse?pageNum=31')).body, 'one 31');
      expectRendered((await at(one, '/newHouse?pageNum=32')).body, 'one 32');
      expectRendered((await at(two, '/newHouse?pageNum=33')).body, 'two 33');
      // The fourth fresh drawing of the minute, on either instance: the shell.
      expectShell((await at(two, '/newHouse?pageNum=34')).body, 'two 34');
      expectShell((await at(one, '/newHouse?pageNum=35')).body, 'one 35');
    } finally {
      await one.close();
      await two.close();
    }
  });
});
