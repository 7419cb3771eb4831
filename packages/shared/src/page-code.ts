/**
 * A page's own code as the web build lists it: the page's route chunk, and the chunks and style
 * sheets it needs beyond those the app's start loads. The boot script carries the early-read
 * pages' lists; the server names a rendered page's in the page
 * (docs/decisions/0079-the-take-over-without-a-time-zone-name.md).
 */
export interface PageCode {
  code: string;
  deps: string[];
}

/** Whether `value`, read from JSON, is a page's code list. */
export function isPageCode(value: unknown): value is PageCode {
  const { code, deps } = (value ?? {}) as Partial<Record<keyof PageCode, unknown>>;
  return (
    typeof code === 'string' &&
    Array.isArray(deps) &&
    deps.every((file) => typeof file === 'string')
  );
}
