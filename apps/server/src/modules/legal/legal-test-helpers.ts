import type { Db } from '../../db/client';
import { currentLegalDocument, recordAcceptance } from './legal.service';

/**
 * Records the separate consent to the privacy policy in force for a user the tests created
 * directly in the database, as the consent step would before verification, deposits or publishing.
 */
export async function givePrivacyConsent(db: Db, userId: number): Promise<void> {
  const current = await currentLegalDocument(db, 'privacy');
  await recordAcceptance(db, userId, 'privacy', current.version);
}
