const MAX_ID = 2_147_483_647;

/**
 * The record id of `?id=`, or null when it is absent or not a whole number the table can hold.
 * Whether the record is public, and so the page's status, is decided with its head
 * (`page-meta.ts`, docs/product/crawling.md).
 */
export function recordIdOf(search: string): number | null {
  const text = new URLSearchParams(search).get('id');
  if (text === null || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}
