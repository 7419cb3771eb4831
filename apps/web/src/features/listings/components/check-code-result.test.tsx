import type { CheckCodeResult } from '@portal/shared/schemas/listing-trust';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CheckCodeResultCard } from './check-code-result';

const valid: CheckCodeResult = {
  status: 'valid',
  code: 'QHD7K4M2Q9X8D',
  verifiedAt: '2026-03-01T02:00:00.000Z',
  issuedAt: '2026-03-02T02:00:00.000Z',
  revokedAt: null,
  revokedReason: null,
  certificateTypeLabel: '不动产权证书',
  districtName: '海港区',
  registeredArea: 96.5,
  listing: {
    id: 7,
    type: 2,
    title: '海韵花园 两室一厅 拎包入住',
    communityName: '海韵花园',
    statusLabel: '已发布',
    isOnSale: true,
    confirmedAt: '2026-03-20T02:00:00.000Z',
  },
};

describe('the check page result', () => {
  it('says what was verified and when, and links a listing on sale', () => {
    renderWithProviders(<CheckCodeResultCard result={valid} />);
    expect(screen.getByText('核验码有效')).toBeTruthy();
    expect(screen.getByText(/不动产权证书信息已与不动产登记记录核对一致/)).toBeTruthy();
    expect(screen.getByText('2026年3月1日')).toBeTruthy();
    expect(screen.getByText('96.5㎡')).toBeTruthy();
    const link = screen.getByRole('link', { name: '海韵花园 两室一厅 拎包入住' });
    expect(link.getAttribute('href')).toBe('/detailscz?id=7');
    expect(screen.getByText('在售')).toBeTruthy();
  });

  it('says a revoked code is revoked, why and since when, without the listing', () => {
    renderWithProviders(
      <CheckCodeResultCard
        result={{
          ...valid,
          status: 'revoked',
          revokedAt: '2026-04-01T02:00:00.000Z',
          revokedReason: '房源已被平台下架',
          listing: null,
        }}
      />,
    );
    expect(screen.getByText('该核验码已失效')).toBeTruthy();
    expect(screen.getByText('房源已被平台下架。请勿依据此核验码交易。')).toBeTruthy();
    expect(screen.getByText('2026年4月1日')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says an unknown code is unknown', () => {
    renderWithProviders(
      <CheckCodeResultCard result={{ ...valid, status: 'unknown', listing: null }} />,
    );
    expect(screen.getByText('未查询到该核验码')).toBeTruthy();
  });
});
