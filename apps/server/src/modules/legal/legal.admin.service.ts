import type { LegalKind } from '@portal/shared/legal/texts';
import type { Db } from '../../db/client';
import { recordAudit } from '../audit/index';
import { type LegalDocumentRow, publishLegalVersion } from './legal.service';

/**
 * Publishes the next version of the agreement or the privacy policy for an operator and audits it
 * (`legal.publish`, with the kind, version and title) in the same transaction.
 */
export async function publishAuditedLegalVersion(
  db: Db,
  kind: LegalKind,
  input: { title: string; body: string },
  operatorId: number,
): Promise<LegalDocumentRow> {
  return db.transaction(async (tx) => {
    const row = await publishLegalVersion(tx, kind, input, operatorId);
    await recordAudit(tx, {
      actorId: operatorId,
      action: 'legal.publish',
      targetType: 'legal',
      targetId: row.id,
      after: { kind: row.kind, version: row.version, title: row.title },
    });
    return row;
  });
}
