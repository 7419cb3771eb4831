import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LicenceTable } from './licence-table';
import { SupervisionTable } from './supervision-table';

const SERVER_MESSAGE = '公示系统维护中，请稍后再试';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * The first request answers one row; every later one waits until the test lets it fail with
 * HTTP 503 and the server's message.
 */
function fakeServer(row: Record<string, unknown>) {
  let failLater: () => void = () => undefined;
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => {
      calls += 1;
      if (calls === 1) {
        const data = { list: [row], total: 1, pageNum: 1, pageSize: 10 };
        return Promise.resolve(json({ code: '000000', message: 'ok', data }));
      }
      return new Promise<Response>((resolve) => {
        failLater = () =>
          resolve(json({ code: '50003', message: SERVER_MESSAGE, data: null }, 503));
      });
    }),
  );
  return { fail: () => failLater() };
}

const spinning = () => document.querySelector('.ant-table-wrapper .ant-spin-spinning');

afterEach(() => {
  vi.unstubAllGlobals();
});

const CASES: Array<{
  name: string;
  ui: ReactElement;
  keyword: string;
  row: Record<string, unknown>;
}> = [
  {
    name: 'licence table',
    ui: <LicenceTable />,
    keyword: '请输入项目名称',
    row: {
      id: 1,
      projectName: '海港花园',
      buildNum: '1#',
      address: '海港区文化路1号',
      company: '海港置业',
      presellLicence: '秦房预售第2026001号',
      statusDate: '2026-01-02',
    },
  },
  {
    name: 'supervision table',
    ui: <SupervisionTable />,
    keyword: '请输入项目名称或开发企业',
    row: {
      id: 1,
      projectName: '海港花园',
      scope: '1#',
      bank: '建设银行',
      account: '13001234567890',
      company: '海港置业',
      statusDate: '2026-01-02',
    },
  },
];

describe.each(CASES)('$name', { timeout: 60_000 }, ({ ui, keyword, row }) => {
  it('turns loading off after a failed query and shows the server message', async () => {
    const server = fakeServer(row);
    renderWithProviders(ui);
    expect(await screen.findByText('海港花园')).toBeTruthy();
    expect(spinning()).toBeNull();

    fireEvent.change(screen.getByPlaceholderText(keyword), { target: { value: ' 不存在 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() => expect(spinning()).not.toBeNull());

    server.fail();
    expect(await screen.findByText(SERVER_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(spinning()).toBeNull());
  });
});
