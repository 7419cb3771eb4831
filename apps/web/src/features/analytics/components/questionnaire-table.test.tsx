import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { QuestionnaireTable } from './questionnaire-table';

const TOTAL = 45;

/** A server holding TOTAL questionnaires named 问卷1…问卷45, paged as asked. */
function fakeServer() {
  const asked: Array<{ pageNum: number; pageSize: number }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const pageNum = Number(url.searchParams.get('pageNum'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      asked.push({ pageNum, pageSize });
      const first = (pageNum - 1) * pageSize + 1;
      const list = Array.from({ length: Math.min(pageSize, TOTAL - first + 1) }, (_, i) => ({
        id: first + i,
        name: `问卷${first + i}`,
        jobAddr: null,
        intentAddr: '海港区',
        intentType: '购房',
        intentHouseModel: '三室',
        intentPrice: '1-1.2万元/㎡',
        intentArea: '90-120㎡',
      }));
      const body = {
        code: '000000',
        message: 'ok',
        data: { list, total: TOTAL, pageNum, pageSize },
      };
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('QuestionnaireTable', { timeout: 60_000 }, () => {
  it('shows six rows, and the dialog reopens at page 1 with 10 rows', async () => {
    const asked = fakeServer();
    renderWithProviders(<QuestionnaireTable />);
    expect(await screen.findByText('问卷6')).toBeTruthy();
    expect(screen.queryByText('问卷7')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '查看全部问卷' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('问卷10')).toBeTruthy();
    fireEvent.click(within(dialog).getByTitle('3'));
    expect(await within(dialog).findByText('问卷21')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ pageNum: 3, pageSize: 10 });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle(/^20/));
    expect(await within(dialog).findByText('问卷20')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ pageNum: 1, pageSize: 20 });

    fireEvent.click(within(dialog).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(screen.queryByText('问卷20')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '查看全部问卷' }));
    const again = await screen.findByRole('dialog');
    expect(await within(again).findByText('问卷10')).toBeTruthy();
    expect(within(again).queryByText('问卷11')).toBeNull();
    expect(within(again).getByTitle('1').className).toContain('ant-pagination-item-active');
    expect(within(again).getAllByText(/^问卷\d+$/)).toHaveLength(10);
  });
});
