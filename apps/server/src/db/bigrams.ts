/**
 * Chinese keyword search without a word segmenter (docs/decisions/0001-stack.md): a document is indexed as the set of
 * its characters and adjacent character pairs, stored in a `tsvector` column with a GIN index; a
 * query of one character matches the character, a longer query must contain every adjacent pair.
 * The lexemes are written as tsvector / tsquery literals, so no text-search parser or dictionary
 * touches them and PostgreSQL 15 and PGlite behave identically.
 *
 * Usage: `searchBigrams: bigramTsVector(name, address)` on write;
 * `` sql`${projects.searchBigrams} @@ ${bigramTsQuery(keyword)}::tsquery` `` on read (skip the
 * condition when `bigramTsQuery` returns null).
 */

/** Letters and digits of any script; everything else separates runs. */
const RUN_PATTERN = /[\p{L}\p{N}]+/gu;

/** Splits text into normalised runs: NFKC (full-width → half-width), lower case. */
function runsOf(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(RUN_PATTERN) ?? [];
}

function bigramsOf(chars: string[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i + 1 < chars.length; i += 1) pairs.push(`${chars[i]}${chars[i + 1]}`);
  return pairs;
}

/**
 * Lexemes that index a document: every character and every adjacent pair inside each run of
 * letters and digits, without duplicates, in order of first appearance.
 * Example: '阳光花园' → 阳 光 花 园 阳光 光花 花园.
 */
export function documentLexemes(...texts: Array<string | null | undefined>): string[] {
  const unigrams = new Set<string>();
  const pairs = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const run of runsOf(text)) {
      const chars = Array.from(run);
      for (const char of chars) unigrams.add(char);
      for (const pair of bigramsOf(chars)) pairs.add(pair);
    }
  }
  return [...unigrams, ...pairs];
}

/**
 * Lexemes a query must all match: the adjacent pairs of each run, or the character itself for a
 * one-character run. Example: '海港 阳光花园' → 海港 阳光 光花 花园; '海' → 海.
 */
export function queryLexemes(text: string): string[] {
  const out = new Set<string>();
  for (const run of runsOf(text)) {
    const chars = Array.from(run);
    if (chars.length === 1) out.add(run);
    else for (const pair of bigramsOf(chars)) out.add(pair);
  }
  return [...out];
}

/** Quotes one lexeme for a tsvector or tsquery literal. */
function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** The `tsvector` literal of the document lexemes of the given texts, e.g. `'阳' '光' '阳光'`. */
export function bigramTsVector(...texts: Array<string | null | undefined>): string {
  return documentLexemes(...texts)
    .map(quoteLexeme)
    .join(' ');
}

/**
 * The `tsquery` literal matching documents that contain the query, e.g. `'阳光' & '光花'`;
 * null when the query has no letters or digits (apply no search condition then).
 */
export function bigramTsQuery(text: string): string | null {
  const lexemes = queryLexemes(text);
  return lexemes.length === 0 ? null : lexemes.map(quoteLexeme).join(' & ');
}

/** Splits the text form of a `tsvector` (`'阳' '阳光' …`) into its lexemes. */
export function lexemesOfTsVector(text: string | null): Set<string> {
  const lexemes = new Set<string>();
  if (!text) return lexemes;
  for (const match of text.matchAll(/'((?:[^'\\]|''|\\.)*)'/g)) {
    lexemes.add((match[1] ?? '').replace(/''/g, "'").replace(/\\(.)/g, '$1'));
  }
  return lexemes;
}
