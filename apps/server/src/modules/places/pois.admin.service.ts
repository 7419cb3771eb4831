import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pois } from '../../db/schema/index';
import { recordAudit } from '../audit/index';
import { poiById } from './pois.queries';

/**
 * An operator removes a point that is wrong or gone (docs/product/nearby.md): seeded and imported
 * points alike; the audit entry keeps the whole point, so it can be imported again.
 */
export async function deletePoi(db: Db, operatorId: number, id: number): Promise<void> {
  const point = await poiById(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(pois).where(eq(pois.id, id));
    await recordAudit(tx, {
      actorId: operatorId,
      action: 'poi.delete',
      targetType: 'poi',
      targetId: id,
      before: {
        category: point.category,
        name: point.name,
        districtCode: point.districtCode,
        address: point.address,
        schoolZone: point.schoolZone,
        lng: point.lng,
        lat: point.lat,
        source: point.source,
      },
      after: null,
    });
  });
}
