import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { STATUS_RESTRICTIONS } from './scripts/eslint-status-rule.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * Feature folders of the web app (docs/architecture.md): each folder of apps/web/src/features,
 * named as the server module it talks to where there is one (projects, listings, orders,
 * building-table; docs/glossary.md). They never import each other; routes compose them.
 */
const WEB_FEATURES_DIR = path.join(ROOT, 'apps/web/src/features');
const WEB_FEATURES = readdirSync(WEB_FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The operator console (docs/decisions/0074-operator-screens-by-domain.md): `features/admin` holds
 * only its shell, dashboard, audit log and the operators' own session; each domain's operator
 * screens live in that domain's `features/<domain>/admin/`, which the console's routes
 * (`app/routes/admin`) and the console itself may import, and nothing else outside the domain.
 */
const CONSOLE_FEATURE = 'admin';
const DOMAINS_WITH_ADMIN = WEB_FEATURES.filter(
  (feature) =>
    feature !== CONSOLE_FEATURE && existsSync(path.join(WEB_FEATURES_DIR, feature, 'admin')),
);

/** Every entry of `dir` but `name`, as paths from the root (targets of a lint zone). */
function entriesBut(dir, name) {
  return readdirSync(dir)
    .filter((entry) => entry !== name)
    .map((entry) => `./${path.relative(ROOT, path.join(dir, entry))}`);
}
const WEB_APP_DIR = path.join(ROOT, 'apps/web/src/app');

/**
 * Modules of the server (docs/architecture.md, docs/decisions/0046-module-boundaries.md): each folder
 * of apps/server/src/modules. A module imports another only through that module's `index.ts`
 * (tests also through its test helpers, files named `*test-*.ts`); db, lib, config, integrations
 * and plugins are infrastructure, not modules (the plugins above them, through their faces:
 * apps/server/test/layers.test.ts).
 */
const SERVER_MODULES_DIR = path.join(ROOT, 'apps/server/src/modules');
const SERVER_MODULES = readdirSync(SERVER_MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Who owns each table (`apps/server/src/db/table-owners.ts`, docs/decisions/0075-one-owner-per-table.md),
 * read from the map's lines (`name: 'owner',`); `apps/server/test/table-owners.test.ts` holds the
 * source to the same rule with the map itself.
 */
const TABLE_OWNERS = Object.fromEntries(
  [
    ...readFileSync(path.join(ROOT, 'apps/server/src/db/table-owners.ts'), 'utf8').matchAll(
      /^\s+(\w+): '([^']+)',$/gm,
    ),
  ].map((match) => [match[1], match[2]]),
);

/** The server may not import the web app's code. */
const SERVER_IMPORT_PATTERNS = [
  { group: ['@portal/web*', '**/apps/web/**'], message: '服务端不能引用前端代码。' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type A }` keeps the import itself (verbatimModuleSyntax): the module and what it
      // imports load for types alone. `import type { A }` drops it.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'no-console': 'off',
    },
  },
  {
    // Product code compares status fields with the constants of packages/shared/src/status,
    // never with bare numbers, and writes the product's word statuses with their constants too
    // (docs/decisions/0045-status-constants.md). Tests may assert what the API carries.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/testing/**', '**/*-test-helpers.ts'],
    rules: { 'no-restricted-syntax': ['error', ...STATUS_RESTRICTIONS] },
  },
  {
    // The citizen pages format dates and numbers without the browser's Intl: its first use on a
    // page holds a phone's main thread for 45 ms or more at a 4× slowed CPU, in the task that
    // takes the page over (docs/decisions/0084-no-long-task-in-the-take-over.md). The operator
    // screens are desktop tools and may use it.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**', '**/admin/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...STATUS_RESTRICTIONS,
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message:
            '请用 dayjs 或 @portal/shared/format：toLocaleString 首次调用要加载浏览器的 Intl，会拖慢手机接管页面。',
        },
        {
          selector: "MemberExpression[object.name='Intl']",
          message:
            '请用 dayjs 或 @portal/shared/format：浏览器的 Intl 首次使用会拖慢手机接管页面。',
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-*', 'drizzle-orm*', 'fastify*'],
              message: '共享包只能包含纯代码（不依赖 Node、React 或数据库）。',
            },
            {
              group: ['@portal/server*', '@portal/web*', '**/apps/**'],
              message: '依赖方向：shared 不能引用应用代码。',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: SERVER_IMPORT_PATTERNS }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...SERVER_MODULES.map((module) => ({
              target: `./apps/server/src/modules/${module}`,
              from: `./apps/server/src/modules/!(${module})/**`,
              except: [
                `${SERVER_MODULES_DIR}/*/index.ts`,
                `${SERVER_MODULES_DIR}/*/tables.ts`,
                `${SERVER_MODULES_DIR}/*/*test-*.ts`,
              ],
              message:
                '服务端模块之间只能通过对方的 index.ts 或只读的 tables.ts（测试可用对方的测试辅助文件）引用。',
            })),
            {
              target: `${SERVER_MODULES_DIR}/*/!(*.test|*test-*).ts`,
              from: `${SERVER_MODULES_DIR}/*/*test-*.ts`,
              message: '只有测试可以引用其他模块的测试辅助文件。',
            },
          ],
        },
      ],
    },
  },
  // A module reads another's tables through the owner's read face (`modules/<owner>/tables.ts`),
  // never from `db/schema` (docs/decisions/0075-one-owner-per-table.md); tests and their helpers
  // build fixtures from the schema.
  ...SERVER_MODULES.map((module) => ({
    files: [`apps/server/src/modules/${module}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/*-test-helpers.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SERVER_IMPORT_PATTERNS,
            {
              group: ['**/db/schema', '**/db/schema/*'],
              importNames: Object.keys(TABLE_OWNERS).filter(
                (table) => TABLE_OWNERS[table] !== module,
              ),
              message:
                '其他模块的表只能从其所属模块的 tables.ts 读取（见 src/db/table-owners.ts）。',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The same hook without the App component, which brings antd's modal, notification and
      // message code into every page that calls it (docs/performance/initial-js-composition.md).
      'no-restricted-properties': [
        'error',
        {
          object: 'App',
          property: 'useApp',
          message:
            "请用 import useApp from 'antd/es/app/useApp'：App.useApp 会把弹窗与通知的代码带进首屏。",
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portal/server*', '**/apps/server/**'],
              message: '前端不能引用服务端代码。',
            },
          ],
          // The code table with its status and message of every code stays on the server: the
          // web app needs the codes only (packages/shared/src/api-code.ts).
          paths: [
            {
              name: '@portal/shared/codes',
              message: "请用 '@portal/shared/api-code'：codes 中的提示文字不必进入前端。",
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...WEB_FEATURES.filter((feature) => feature !== CONSOLE_FEATURE).map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message:
                '功能模块之间不能互相引用（各模块的 admin/ 也只引用本模块），请在路由中组合。',
            })),
            {
              target: `./apps/web/src/features/${CONSOLE_FEATURE}`,
              from: './apps/web/src/features',
              except: [
                `./${CONSOLE_FEATURE}`,
                ...DOMAINS_WITH_ADMIN.map((domain) => `./${domain}/admin`),
              ],
              message: '运营后台外壳只能引用各功能模块的运营页面（features/<模块>/admin/）。',
            },
            ...DOMAINS_WITH_ADMIN.map((domain) => ({
              target: entriesBut(path.join(WEB_FEATURES_DIR, domain), 'admin'),
              from: `./apps/web/src/features/${domain}/admin`,
              message:
                '功能模块的前台代码不能引用本模块的运营页面（admin/），以免运营代码进入前台页面。',
            })),
            {
              target: [
                ...entriesBut(WEB_APP_DIR, 'routes'),
                ...entriesBut(path.join(WEB_APP_DIR, 'routes'), 'admin'),
              ],
              from: [
                `./apps/web/src/features/${CONSOLE_FEATURE}`,
                ...DOMAINS_WITH_ADMIN.map((domain) => `./apps/web/src/features/${domain}/admin`),
              ],
              message: '运营后台的页面只能由 app/routes/admin 中的路由加载。',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: '共享组件和工具不能依赖功能模块或路由。',
            },
          ],
        },
      ],
    },
  },
);
