import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhoneText } from '../../../components/phone-link';
import { InfoList } from './info-list';

describe('InfoList with telephone numbers', () => {
  it('shows 咨询电话 as a link inside a project fact list, 暂无 when missing', () => {
    const contact: string | null = '0335-3012345';
    const missing: string | null = null;
    render(
      <InfoList
        entries={[
          { label: '咨询电话', value: contact && <PhoneText text={contact} /> },
          { label: '新闻联系电话', value: missing && <PhoneText text={missing} /> },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: '0335-3012345' }).getAttribute('href')).toBe(
      'tel:03353012345',
    );
    expect(screen.getByText('暂无')).toBeTruthy();
  });
});
