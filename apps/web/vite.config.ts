import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bootScript, isStartStep, startSteps } from './build/boot-script.ts';
import { readPageModules } from './build/page-modules.ts';
import { pageStyles } from './build/page-styles.ts';

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';

/**
 * Third-party code that every page needs: kept in long-cached vendor chunks. Ant Design is not
 * grouped: each page's chunks carry only the components it uses, shared ones split out.
 */
const VENDOR_GROUPS = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/ },
];

/**
 * Writes `.br` and `.gz` beside every text asset of the build, so the server sends compressed
 * files without compressing per request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Chunks every page loads up front: the entry's static imports and the steps of the start with
 * theirs (docs/decisions/0078-the-start-in-steps.md), transitively.
 */
const entryChunks = new Set<string>();

/** The route modules' chunks of the route table's pages. */
const pageChunks = new Set<string>();

/**
 * Records the chunks every page loads before the preload lists of lazy imports are written, so
 * those lists leave them out: they are always loaded already (the boot script and index.html
 * preload them), and listing them for every route made the first-loaded code several KB larger
 * (docs/decisions/0018). index.html keeps the entry's: its preload links are what lets the browser
 * fetch them at once instead of level by level.
 */
function entryChunkSet(): Plugin {
  let steps: string[] = [];
  let pages = new Set<string>();
  return {
    name: 'entry-chunk-set',
    apply: 'build',
    configResolved(config) {
      steps = startSteps(config.root);
      pages = new Set(readPageModules(config.root).values());
    },
    generateBundle(_options, bundle) {
      entryChunks.clear();
      pageChunks.clear();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && pages.has(chunk.facadeModuleId ?? '')) {
          pageChunks.add(chunk.fileName);
        }
      }
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (entryChunks.has(fileName) || chunk?.type !== 'chunk') return;
        entryChunks.add(fileName);
        chunk.imports.forEach(visit);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && (chunk.isEntry || isStartStep(chunk, steps))) {
          visit(chunk.fileName);
        }
      }
    },
  };
}

/**
 * antd's ConfigProvider imports the provider of its "unique" tooltips (one shared tooltip that
 * moves between its targets), and with it the popup engine (`@rc-component/trigger` with its
 * portal and resize observer), into the app's shell, although it mounts that provider only when
 * `tooltip.unique` is set, which this app never does: a tooltip, popover, dropdown or select
 * brings the popup engine with its own page's code. In the browser build, the provider that
 * ConfigProvider imports is a pass-through (docs/decisions/0080-the-shell-without-the-popup-engine.md);
 * antd's Tooltip keeps its own import of the real one.
 */
function withoutUniqueTooltips(): Plugin {
  const passThrough = '\0antd-unique-tooltips-unused';
  return {
    name: 'antd-unique-tooltips-unused',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromConfigProvider =
        importer !== undefined && /antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer);
      return source === '../tooltip/UniqueProvider' && fromConfigProvider ? passThrough : null;
    },
    load(id) {
      return id === passThrough
        ? 'export default function UniqueProvider({ children }) { return children; }'
        : null;
    },
  };
}

/**
 * The server renderer (`vite build --ssr`, docs/decisions/0048-server-rendered-public-pages.md):
 * `src/entry-server.tsx` with every package bundled in (antd's and others' ES modules are not all
 * loadable by Node as they are published), into `dist-ssr/`, which the server loads. Lazy pages
 * stay chunks of their own, loaded when a page needs them.
 */
const ssrBuild = defineConfig({
  plugins: [react()],
  ssr: { noExternal: true, target: 'node' },
  // The production builds of React and antd whatever the server's NODE_ENV: the same markup and
  // class names as the browser's production build (no hydration mismatch), and a faster render.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    minify: false,
    rolldownOptions: { output: { format: 'es', entryFileNames: 'entry-server.js' } },
  },
});

const clientBuild = defineConfig({
  plugins: [
    react(),
    withoutUniqueTooltips(),
    precompress(),
    entryChunkSet(),
    bootScript(),
    pageStyles(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true, ws: true },
      '/oss': { target: API_ORIGIN, changeOrigin: true },
      '/dev': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/oss': { target: API_ORIGIN, changeOrigin: true },
      '/dev': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    chunkSizeWarningLimit: 900,
    // The manifest lets `scripts/check-initial-js.mjs` add up the home page's first-loaded code.
    manifest: true,
    modulePreload: {
      resolveDependencies: (file, deps, { hostType }) => {
        if (hostType === 'html') return deps;
        const needed = deps.filter((dep) => !entryChunks.has(dep));
        // A page's chunks are preloaded from the route code list (build/boot-script.ts), fetched
        // after the start, instead of being named in the route table every page loads; its style
        // sheets stay here, so that it is never drawn unstyled
        // (docs/decisions/0081-page-code-lists-out-of-the-first-load.md).
        return pageChunks.has(file) ? needed.filter((dep) => dep.endsWith('.css')) : needed;
      },
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: VENDOR_GROUPS.map((group, index) => ({
            ...group,
            priority: VENDOR_GROUPS.length - index,
          })),
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : clientBuild));
