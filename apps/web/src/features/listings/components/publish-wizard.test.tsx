import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consentedStatus } from '../../../test/legal';
import { renderWithProviders } from '../../../test/render';
import { PublishWizard } from './publish-wizard';

const DICTIONARIES: Record<string, Array<{ id: string; name: string }>> = {
  area_code: [{ id: 'HGQ', name: '海港区' }],
  right_certificate_type: [{ id: '2', name: '不动产权证书' }],
  house_direction: [{ id: '9', name: '南北' }],
  decorates: [{ id: '3', name: '精装' }],
  elevator_flag: [{ id: '1', name: '有电梯' }],
  properties: [{ id: '5', name: '住宅' }],
  struct_type: [{ id: '1', name: '板楼' }],
  right_limit: [{ id: '1', name: '70年' }],
  rent_pay_type: [{ id: '3', name: '押一付一' }],
  rent_type: [{ id: '1', name: '整租' }],
};
const TAGS: Record<string, Array<{ id: number; tagName: string }>> = {
  '6': [{ id: 11, tagName: '满五唯一' }],
  '7': [{ id: 21, tagName: '拎包入住' }],
};
const CHECK_ID = 7;

function json(data: unknown): Response {
  return new Response(JSON.stringify({ code: '000000', message: 'ok', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

/** The answers of the wizard's calls (`draft`: the stored draft); returns the recorded requests. */
function fakeServer(draft: unknown = null) {
  const calls: Array<{ path: string; query: URLSearchParams; body: unknown }> = [];
  let uploads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
      calls.push({ path: url.pathname, query: url.searchParams, body });
      const dictionary = /^\/api\/dictionaries\/(\w+)$/.exec(url.pathname)?.[1];
      if (dictionary) return Promise.resolve(json(DICTIONARIES[dictionary] ?? []));
      if (url.pathname === '/api/tags')
        return Promise.resolve(json(TAGS[url.searchParams.get('tagType') ?? ''] ?? []));
      if (url.pathname === '/api/legal/me/status') return Promise.resolve(json(consentedStatus()));
      if (url.pathname === '/api/listings/verifications')
        return Promise.resolve(
          json({
            id: CHECK_ID,
            checkStatus: '2',
            checkResult: '核验通过',
            ownerName: '李思远',
            areaCode: 'HGQ',
            needsLicense: false,
            property: {
              communityName: '文化路小区',
              address: '海港区文化路88号',
              buildArea: 96.5,
              housePurpose: '住宅',
            },
          }),
        );
      if (url.pathname === '/api/listings/uploads') {
        uploads += 1;
        const path = `listing/1/${uploads}.png`;
        return Promise.resolve(json({ path, originalName: `${uploads}.png`, url: `/oss/${path}` }));
      }
      if (url.pathname === '/api/listings/draft')
        return Promise.resolve(
          json(init?.method === 'PUT' ? { updatedAt: '2026-05-01T08:00:00.000Z' } : draft),
        );
      if (url.pathname === '/api/listings') return Promise.resolve(json({ id: 99 }));
      return Promise.resolve(json([]));
    }),
  );
  return calls;
}

beforeEach(() => {
  // The wizard scrolls to the top between steps; jsdom has no layout to scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const button = (text: string | RegExp) =>
  screen.getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement;
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Opens the Select labelled `label` and picks the option `option`. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll(`.ant-select-item-option[title="${option}"]`)];
    expect(found.length).toBeGreaterThan(0);
    return found[found.length - 1] as Element;
  });
  fireEvent.click(item);
}

/** Taps the choice `option` of the row of choices named `label`. */
function pick(label: string, option: string) {
  fireEvent.click(within(screen.getByRole('radiogroup', { name: label })).getByText(option));
}

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('the publish wizard', { timeout: 240_000 }, () => {
  it('a type change resets the form except the check id and reloads the tags', async () => {
    const calls = fakeServer();
    renderWithProviders(<PublishWizard initialType={1} />);
    await screen.findByLabelText('证书年份');
    type('证书年份', '2021');
    type('证书编号', '0012345');
    type('产权人姓名', '李思远');
    type('产权人证件号', '130302199003151234');
    fireEvent.click(button(/^核\s?验$/));
    // A passed check goes on by itself, the register's facts filled in.
    await screen.findByText('满五唯一');
    expect(valueOf('小区名称')).toBe('文化路小区');
    expect(valueOf('地址')).toBe('海港区文化路88号');
    expect(valueOf('建筑面积')).toBe('96.50');
    // The suggested title follows what is entered until the owner writes their own.
    expect(valueOf('房源标题')).toBe('文化路小区 2室1厅1卫 96.5㎡');
    type('总层数', '18');
    expect(
      within(screen.getByRole('radiogroup', { name: '有无电梯' })).getByRole('radio', {
        name: '有电梯',
      }),
    ).toHaveProperty('checked', true);
    expect(screen.getByLabelText('建筑面积').getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByLabelText('所在层').getAttribute('inputmode')).toBe('numeric');
    // The draft is saved a moment later, with the check and what is entered.
    await waitFor(
      () => {
        const put = calls.filter((c) => c.path === '/api/listings/draft' && c.body).pop();
        expect(put?.body).toMatchObject({
          checkId: CHECK_ID,
          values: { communityName: '文化路小区', totalFloor: 18, elevator: '1' },
        });
      },
      { timeout: 3000 },
    );
    expect(await screen.findByText(/草稿已自动保存/)).toBeTruthy();
    type('小区名称', '文化路小区');
    type('房源标题', '文化路小区 三室两厅 南北通透');
    await choose('发布类型', '出租');

    await screen.findByText('拎包入住');
    expect(screen.queryByText('满五唯一')).toBeNull();
    expect(calls.some((c) => c.path === '/api/tags' && c.query.get('tagType') === '7')).toBe(true);
    expect((screen.getByLabelText('小区名称') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('房源标题') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('radiogroup', { name: '付款方式' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: '房屋类型' })).toBeNull();
    const area = screen.getByText('区域', { selector: 'label' }).closest('.ant-form-item');
    expect(area?.querySelector('.ant-select')?.textContent).toBe('海港区');

    // The rental is saved with the check id of the verification made before the change.
    type('小区名称', '海韵花园');
    type('地址', '海港区文化路88号');
    type('楼栋', '3');
    type('单元', '2');
    type('门牌', '501');
    type('室', '2');
    type('厅', '1');
    type('卫', '1');
    type('建筑面积', '70');
    type('所在层', '3');
    type('总层数', '6');
    pick('朝向', '南北');
    pick('装修标准', '精装');
    pick('有无电梯', '有电梯');
    pick('付款方式', '押一付一');
    pick('出租方式', '整租');
    fireEvent.click(screen.getByText('拎包入住'));
    type('期望租金', '2300');
    type('房源标题', '海韵花园 两室一厅 拎包入住');
    type('房源描述', '家电齐全');
    // The rental's draft is saved under its own type, the sale's defaults gone.
    await waitFor(
      () => {
        const put = calls
          .filter((c) => c.path === '/api/listings/draft' && c.query.get('type') === '2')
          .pop();
        expect(put?.body).toMatchObject({
          checkId: CHECK_ID,
          values: { communityName: '海韵花园', rentPay: '3', rentType: '1', price: 2300 },
        });
        expect((put?.body as { values: object }).values).not.toHaveProperty('rightLimit');
      },
      { timeout: 5000 },
    );
    expect(calls.filter((c) => c.path === '/api/listings/verifications')).toHaveLength(1);
  });

  it('continues a saved draft where it was left: the check, the values and the photos', async () => {
    const calls = fakeServer({
      type: 1,
      values: {
        communityName: '海港花园',
        bedroom: 3,
        title: '海港花园 南北通透 三室两厅',
        price: 96,
      },
      verification: {
        id: CHECK_ID,
        checkStatus: '2',
        checkResult: '核验通过',
        ownerName: '李思远',
        areaCode: 'HGQ',
        needsLicense: false,
      },
      secondHouse: [{ path: 'listing/1/a.png', name: '客厅.png', cover: true, url: '/oss/a.png' }],
      secondCertificate: [],
      secondIdCard: [],
      secondLicense: [],
      updatedAt: '2026-05-01T08:00:00.000Z',
    });
    renderWithProviders(<PublishWizard initialType={1} />);
    // Straight to 填写信息: the verification is not asked for again.
    await screen.findByText('已恢复您上次填写的内容');
    expect(screen.queryByLabelText('证书年份')).toBeNull();
    expect(valueOf('小区名称')).toBe('海港花园');
    expect(valueOf('室')).toBe('3');
    expect(valueOf('期望售价')).toBe('96.00');
    expect(valueOf('房源标题')).toBe('海港花园 南北通透 三室两厅');
    expect(screen.getByRole('img', { name: '客厅.png' })).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/listings/verifications')).toBe(false);
  });
});
