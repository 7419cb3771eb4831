import type { LegalStatus } from '@portal/shared/schemas/legal';

/** `/api/legal/me/status` of a user who accepted the texts in force (no consent step, no dialog). */
export function consentedStatus(): LegalStatus {
  const standing = (kind: 'agreement' | 'privacy') => ({
    kind,
    currentVersion: 1,
    title:
      kind === 'agreement'
        ? '房地产交易服务平台用户服务协议'
        : '房地产交易服务平台个人信息保护政策',
    acceptedVersion: 1,
    acceptedAt: '2026-11-01T00:00:00.000Z',
    pending: false,
  });
  return { agreement: standing('agreement'), privacy: standing('privacy') };
}
