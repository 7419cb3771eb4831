// Fails when a comment, doc, test title or string cites a document the repository does not hold:
// section numbers of an outside specification ("spec 2 §4", "§4"), numbered outside rulings
// ("DECISIONS #3"), outside architecture, style or stack notes, folders beside the clone
// ("../shared") or tracker numbers ("issue 11"). Whoever holds only the repository must be able to
// follow every "why": cite docs/product/*.md, docs/architecture.md or docs/decisions/*.md instead.
// Run: node scripts/check-citations.mjs (part of `npm run lint` and the lint step of `npm test`).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = 'scripts/check-citations.mjs';

/** Files whose text is checked. */
const CHECKED = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs|md|css|sql|ya?ml|html)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', '.git', 'test-results']);

/** What may not be cited, each with the reason printed beside a hit. */
export const RULES = [
  [/\bspec\s*\d+\s*§/i, 'a section of an outside specification'],
  [/§\s*\d/, 'a section number'],
  [/\bDECISIONS(?:\.md)?\s*#\s*\d/, 'a numbered outside ruling'],
  [/\bDECISIONS\.md\b/, 'an outside rulings file'],
  [/\bARCHITECTURE(?:\.md)?\s*§/, 'a section of an outside architecture note'],
  [/\b(?:ARCHITECTURE|STYLE|STACK)\.md\b/, 'an outside note'],
  [
    /(?:\.\.\/)+shared(?:\/(?:spec|geo|hooks)\b|\/[A-Z]+\.md\b|(?![\w/-]))/,
    'a folder beside the clone',
  ],
  [/\bissue\s*#?\d+\b/i, 'a tracker number'],
];

/**
 * The one lawful mention: the geography test reads an optional file beside the clone when it is
 * there (never committed), so its path names that folder.
 */
const ALLOWED = [
  {
    file: 'apps/server/src/seed/geo.test.ts',
    line: /new URL\('(?:\.\.\/)+shared\/geo\/city-districts\.geojson', import\.meta\.url\)/,
  },
];

/** The citations in `text` of file `file`: `{ line, text, reason }` for every hit. */
export function findCitations(file, text) {
  const hits = [];
  text.split('\n').forEach((lineText, index) => {
    if (ALLOWED.some((allowed) => allowed.file === file && allowed.line.test(lineText))) return;
    for (const [pattern, reason] of RULES) {
      if (pattern.test(lineText)) {
        hits.push({ line: index + 1, text: lineText.trim(), reason });
        break;
      }
    }
  });
  return hits;
}

/** Tracked files (git), or every file below the root when git is not at hand. */
function listFiles() {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter(Boolean);
  } catch {
    const files = [];
    const walk = (dir) => {
      for (const name of readdirSync(path.join(root, dir))) {
        if (SKIPPED_DIRS.has(name)) continue;
        const relative = dir ? `${dir}/${name}` : name;
        if (statSync(path.join(root, relative)).isDirectory()) walk(relative);
        else files.push(relative);
      }
    };
    walk('');
    return files;
  }
}

/** The rules must still catch what they are for: a broken pattern would pass everything. */
function selfCheck() {
  const samples = [
    ['spec 2 ' + '§4', true],
    ['(' + '§5)', true],
    ['DECISIONS ' + '#12', true],
    ['ARCHITECTURE ' + '§8', true],
    ['see ../' + 'shared/spec/x.md', true],
    ['(Issue ' + '12 item 4b)', true],
    ['(docs/product/orders.md)', false],
    ["import { x } from '../shared/format'", false],
    ['LISTING_REPORT_DECISIONS', false],
  ];
  for (const [sample, expected] of samples) {
    const found = findCitations('sample.ts', sample).length > 0;
    if (found !== expected) {
      throw new Error(
        `check-citations: the rules ${expected ? 'miss' : 'wrongly catch'} "${sample}"`,
      );
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  selfCheck();
  let count = 0;
  for (const file of listFiles()) {
    if (file === self || !CHECKED.test(file) || file.endsWith('package-lock.json')) continue;
    if (file.split('/').some((part) => SKIPPED_DIRS.has(part))) continue;
    let text;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue; // listed by git but deleted in the work tree
    }
    for (const hit of findCitations(file, text)) {
      count += 1;
      console.error(`${file}:${hit.line}: ${hit.reason}: ${hit.text}`);
    }
  }
  if (count > 0) {
    console.error(
      `\n${count} citation(s) of documents outside the repository. Cite docs/product/*.md, ` +
        'docs/architecture.md or docs/decisions/*.md, restating the rule there in our own words.',
    );
    process.exit(1);
  }
  console.log('check-citations: no citations of documents outside the repository');
}
