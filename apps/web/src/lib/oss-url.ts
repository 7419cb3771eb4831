/** Public prefix of stored files (object storage served by the API, docs/architecture.md). */
export const OSS_PREFIX = '/oss/app/';

/**
 * Turns a stored file path such as `project/12/cover.svg` into its public URL
 * `/oss/app/project/12/cover.svg`. Absolute URLs, root paths, data and blob URLs pass unchanged;
 * an empty value gives an empty string.
 */
export function toOssUrl(path: string | null | undefined): string {
  const value = path?.trim() ?? '';
  if (!value) return '';
  if (/^(https?:|data:|blob:|\/)/i.test(value)) return value;
  return OSS_PREFIX + value.replace(/^\.?\/+/, '');
}
