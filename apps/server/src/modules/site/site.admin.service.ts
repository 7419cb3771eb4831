import type { AdminSiteSettings } from '@portal/shared/schemas/site/admin';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema/index';
import type { ObjectStorage } from '../../integrations/storage/index';
import { assertIssuedImage } from '../admin/index';
import { recordAudit } from '../audit/index';
import { getSiteSettings } from './site.queries';

/**
 * Saves the one site-settings record (title, logo, meta tags, footer; docs/product/content.md), creating
 * it on first save, and audits the changed fields in the same transaction. A logo must be the
 * current one or a picture the logo upload stored (400 otherwise).
 */
export async function saveSiteSettings(
  db: Db,
  storage: Pick<ObjectStorage, 'exists'>,
  actorId: number,
  input: AdminSiteSettings,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getSiteSettings(tx);
    if (input.logo && input.logo !== before.logo) {
      await assertIssuedImage(storage, input.logo, 'site', '网站标志图片');
    }
    const values = { ...input, logo: input.logo || null };
    await tx
      .insert(siteSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: siteSettings.id, set: values });
    const changedBefore: Record<string, string> = {};
    const changedAfter: Record<string, string> = {};
    for (const key of Object.keys(input) as Array<keyof AdminSiteSettings>) {
      if (before[key] !== input[key]) {
        changedBefore[key] = before[key];
        changedAfter[key] = input[key];
      }
    }
    await recordAudit(tx, {
      actorId,
      action: 'site.update',
      targetType: 'site',
      targetId: 1,
      before: changedBefore,
      after: changedAfter,
    });
  });
}
