import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentedStatus } from '../../../test/legal';
import { renderWithProviders } from '../../../test/render';
import { listingEditFixture } from '../testing/listing-edit-fixture';
import { EditListingDialog } from './edit-listing-dialog';
import { PublishWizard } from './publish-wizard';

const AREAS = [
  { id: 'HGQ', name: '海港区' },
  { id: 'BDH', name: '北戴河区' },
];

const EDIT = listingEditFixture();

/** The owner already gave the separate privacy consent in force (no consent step). */
const CONSENTED = consentedStatus();

function json(data: unknown): Response {
  return new Response(JSON.stringify({ code: '000000', message: 'ok', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

/** Dictionaries, tags, the stored listing, the consent, and a verification that passes in the district asked. */
function fakeServer() {
  let checks = 1;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).split('?')[0] ?? '';
      if (path === '/api/dictionaries/area_code') return Promise.resolve(json(AREAS));
      if (path === '/api/listings/mine/5') return Promise.resolve(json(EDIT));
      if (path === '/api/legal/me/status') return Promise.resolve(json(CONSENTED));
      if (path === '/api/listings/draft')
        return Promise.resolve(json(init?.method === 'PUT' ? { updatedAt: '' } : null));
      if (path === '/api/listings/verifications') {
        const body = JSON.parse(String(init?.body)) as { areaCode: string; ownerName: string };
        checks += 1;
        return Promise.resolve(
          json({
            id: checks,
            checkStatus: '2',
            checkResult: '核验通过',
            ownerName: body.ownerName,
            areaCode: body.areaCode,
            needsLicense: false,
          }),
        );
      }
      return Promise.resolve(json([]));
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

/** A button by its text (role queries are slow on a form this large). */
const button = (text: string | RegExp) =>
  screen.getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement;

/** The district the (disabled) 区域 select of the information form shows. */
async function shownArea(expected: string) {
  await waitFor(() => {
    const label = screen.getByText('区域', { selector: 'label' });
    const select = label.closest('.ant-form-item')?.querySelector('.ant-select');
    expect(screen.getByText('小区名称', { selector: 'label' })).toBeTruthy();
    expect(select?.textContent).toBe(expected);
  });
}

/**
 * Step 1 with a passing 不动产权证书 in `area`, then 继续 (the wizard goes on by itself, the edit
 * dialog offers 继续).
 */
async function verifyIn(area: string, offersContinue: boolean) {
  await screen.findByLabelText('证书年份');
  fireEvent.mouseDown(screen.getByRole('combobox', { name: '区域' }));
  const option = await waitFor(() => {
    const item = document.querySelector(`.ant-select-item-option[title="${area}"]`);
    expect(item).not.toBeNull();
    return item as Element;
  });
  fireEvent.click(option);
  fireEvent.change(screen.getByLabelText('证书年份'), { target: { value: '2021' } });
  fireEvent.change(screen.getByLabelText('证书编号'), { target: { value: '0012345' } });
  fireEvent.change(screen.getByLabelText('产权人姓名'), { target: { value: '李思远' } });
  fireEvent.change(screen.getByLabelText('产权人证件号'), {
    target: { value: '130302199003151234' },
  });
  fireEvent.click(button(/^核\s?验$/));
  if (!offersContinue) return;
  await screen.findByText('核验通过');
  fireEvent.click(button(/^继\s?续$/));
}

describe(
  'the 区域 of the listing form follows the verification in use',
  { timeout: 60_000 },
  () => {
    it('publish wizard: after 上一步 and a verification in another district', async () => {
      fakeServer();
      renderWithProviders(<PublishWizard initialType={1} />);
      await verifyIn('海港区', false);
      await shownArea('海港区');
      fireEvent.click(button('上一步'));
      await verifyIn('北戴河区', false);
      await shownArea('北戴河区');
    });

    it('edit dialog: after 上一步 and a verification in another district', async () => {
      fakeServer();
      renderWithProviders(<EditListingDialog listingId={5} onClose={vi.fn()} />);
      await screen.findByText('核验通过');
      fireEvent.click(button(/^继\s?续$/));
      await shownArea('海港区');
      fireEvent.click(button('上一步'));
      await verifyIn('北戴河区', true);
      await shownArea('北戴河区');
    });
  },
);
