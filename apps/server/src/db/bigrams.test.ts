import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { bigramTsQuery, bigramTsVector, documentLexemes, queryLexemes } from './bigrams';

describe('documentLexemes', () => {
  it.each([
    ['阳光花园', ['阳', '光', '花', '园', '阳光', '光花', '花园']],
    ['海港 海港', ['海', '港', '海港']],
    ['Ａ区３号', ['a', '区', '3', '号', 'a区', '区3', '3号']],
    ['', []],
  ])('indexes %j as characters and adjacent pairs', (text, expected) => {
    expect(documentLexemes(text)).toEqual(expected);
  });

  it('never pairs characters across punctuation, spaces or separate texts', () => {
    const lexemes = documentLexemes('海韵·华府', '文化路');
    expect(lexemes).toContain('海韵');
    expect(lexemes).toContain('华府');
    expect(lexemes).not.toContain('韵华');
    expect(lexemes).not.toContain('府文');
  });
});

describe('queryLexemes', () => {
  it.each([
    ['海', ['海']],
    ['海港', ['海港']],
    ['阳光花园', ['阳光', '光花', '花园']],
    ['海港 阳光', ['海港', '阳光']],
    ['  ，。 ', []],
  ])('turns %j into the lexemes a match needs', (text, expected) => {
    expect(queryLexemes(text)).toEqual(expected);
  });
});

describe('literals', () => {
  it('quotes lexemes for tsvector and tsquery input', () => {
    expect(bigramTsVector('阳光')).toBe("'阳' '光' '阳光'");
    expect(bigramTsQuery('阳光花园')).toBe("'阳光' & '光花' & '花园'");
    expect(bigramTsQuery('!!')).toBeNull();
  });
});

describe('matching in the database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  async function matches(document: string, query: string): Promise<boolean> {
    const tsquery = bigramTsQuery(query);
    if (!tsquery) throw new Error('empty query');
    const result = (await database.db.execute(
      sql`select ${bigramTsVector(document)}::tsvector @@ ${tsquery}::tsquery as hit`,
    )) as unknown as { rows: Array<{ hit: boolean }> };
    return result.rows[0]?.hit === true;
  }

  it.each([
    ['阳光花园', '阳光花园', true],
    ['阳光花园', '阳光', true],
    ['阳光花园', '园', true],
    ['海港区文化路阳光花园', '文化路', true],
    ['阳光花园', '花阳', false],
    ['阳光花园', '海港', false],
  ])('document %j, query %j → %s', async (document, query, expected) => {
    expect(await matches(document, query)).toBe(expected);
  });
});
