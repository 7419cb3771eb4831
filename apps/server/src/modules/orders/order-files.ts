import type { OrderFile } from '@portal/shared/schemas/orders';
import type { ObjectStorage } from '../../integrations/storage/index';

/** How long a link to an invoice or receipt stays valid, seconds. */
export const ORDER_FILE_LINK_TTL_SECONDS = 30 * 60;

/** Folder of an order's invoices and receipts (private objects). */
export function orderFileFolder(orderId: number): string {
  return `order/${orderId}`;
}

const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/**
 * Invoices or receipts of an order as the buyer sees them: a name (发票, or 发票1, 发票2… when
 * there are several, with the file's extension), a signed link that shows the file and one
 * that downloads it under that name, both valid ORDER_FILE_LINK_TTL_SECONDS from `now`. The
 * caller has already checked that the order is the buyer's own.
 */
export async function orderFileLinks(
  storage: ObjectStorage,
  paths: readonly string[],
  label: '发票' | '收据',
  now: Date = new Date(),
): Promise<OrderFile[]> {
  return Promise.all(
    paths.map(async (path, index) => {
      const name = `${label}${paths.length > 1 ? index + 1 : ''}.${extensionOf(path)}`;
      const ttlSeconds = ORDER_FILE_LINK_TTL_SECONDS;
      const [url, downloadUrl] = await Promise.all([
        storage.signedUrl(path, { ttlSeconds, now }),
        storage.signedUrl(path, { ttlSeconds, now, downloadName: name }),
      ]);
      return { path, name, url, downloadUrl };
    }),
  );
}

/** Signed links showing each of `paths` (invoices or receipts), for the operator console. */
export async function signOrderFiles(
  storage: ObjectStorage,
  paths: readonly string[],
  now: Date = new Date(),
): Promise<string[]> {
  return Promise.all(
    paths.map((path) => storage.signedUrl(path, { ttlSeconds: ORDER_FILE_LINK_TTL_SECONDS, now })),
  );
}
