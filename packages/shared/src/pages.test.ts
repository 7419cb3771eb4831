import { describe, expect, it } from 'vitest';
import { PAGES, RECORD_PAGE_IDS, type RecordKind, recordPath } from './pages';

describe('the page of each record kind', () => {
  it('is a record page that shows records of that kind', () => {
    for (const [kind, id] of Object.entries(RECORD_PAGE_IDS)) {
      expect(PAGES[id]).toMatchObject({ kind: 'record', record: kind });
    }
  });

  it('is addressed with the record id in the query', () => {
    const paths = (['project', 'sale', 'rent', 'article', 'community'] as RecordKind[]).map(
      (kind) => recordPath(kind, 7),
    );
    expect(paths).toEqual([
      '/houseHome?id=7',
      '/detailscs?id=7',
      '/detailscz?id=7',
      '/informationAndPolicyDetails?id=7',
      '/community?id=7',
    ]);
  });
});
