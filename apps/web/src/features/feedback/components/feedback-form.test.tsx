import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { renderWithProviders } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { useOwnFeedback } from '../api/feedback-api';
import { FeedbackForm } from './feedback-form';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fetch that answers the submission with `submitReply` and records what was sent. */
function fakeServer(submitReply: () => Response) {
  const submissions: unknown[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    submissions.push(JSON.parse(String(init?.body)));
    return Promise.resolve(submitReply());
  });
  vi.stubGlobal('fetch', fetchMock);
  return { submissions, fetchMock };
}

const type = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

/** Types title and content; a visitor's form also takes name and phone. */
async function fillForm({ visitor = false } = {}) {
  if (visitor) {
    type('请输入姓名', '张三');
    type('请输入手机号', '13912345678');
  }
  type('请输入标题', '咨询');
  const area = await screen.findByRole('textbox', { name: '内容' });
  area.innerHTML = '<p>内容</p>';
  fireEvent.input(area);
}

/** The signed-in citizen of these tests, as /api/auth/me answers. */
const ME = {
  userId: 1,
  nickName: '李四',
  phoneNumber: '13800000002',
  avatar: null,
  gender: 2,
  birthday: null,
  remark: null,
  realNameAuth: false,
  openid: null,
};
const meReply = (patch: object = {}) =>
  json({ code: '000000', message: 'ok', data: { ...ME, ...patch } });

// The editor's code loads lazily in the page; load it once up front so no test waits on it.
beforeAll(() => import('../../../components/rich-text-editor/rich-text-editor'), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.clear();
  authStore.setLoginDialogOpen(false);
});

/** antd forms validate asynchronously; a busy machine needs more than the default second. */
const WAIT = { timeout: 8000 };

describe('FeedbackForm', { timeout: 30_000 }, () => {
  it('requires every field and checks the phone', async () => {
    fakeServer(() => json({}));
    renderWithProviders(<FeedbackForm />);
    fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
    expect((await screen.findAllByText('必填项不能为空', {}, WAIT)).length).toBeGreaterThanOrEqual(
      4,
    );
    type('请输入手机号', '12012345678');
    fireEvent.blur(screen.getByPlaceholderText('请输入手机号'));
    expect(await screen.findByText('手机号格式不正确', {}, WAIT)).toBeTruthy();
  });

  it('opens the login dialog for visitors', async () => {
    const server = fakeServer(() => json({}));
    renderWithProviders(<FeedbackForm />);
    await fillForm({ visitor: true });
    fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
    await waitFor(() => expect(authStore.getState().isLoginDialogOpen).toBe(true));
    expect(server.submissions).toEqual([]);
  });

  it('fills name and phone from the account and shows no picture code when signed in', async () => {
    signInForTest('token-of-test-user-000000', { userId: 1 });
    const submissions: unknown[] = [];
    const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/auth/me')) return Promise.resolve(meReply());
      submissions.push({ url, body: JSON.parse(String(init?.body)) });
      return Promise.resolve(json({ code: '000000', message: '提交成功！', data: { id: 1 } }));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<FeedbackForm />);
    await waitFor(
      () => expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('李四'),
      WAIT,
    );
    expect((screen.getByLabelText('联系方式') as HTMLInputElement).value).toBe('13800000002');
    expect(screen.queryByPlaceholderText('请输入验证码')).toBeNull();
    expect(screen.queryByAltText('验证码')).toBeNull();
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
    expect(await screen.findByText('提交成功！', {}, WAIT)).toBeTruthy();
    expect(submissions).toEqual([
      {
        url: '/api/feedback',
        body: { realname: '李四', phone: '13800000002', title: '咨询', content: '<p>内容</p>' },
      },
    ]);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('captcha'))).toBe(false);
  });

  it('lets a verified citizen leave the name to the server', async () => {
    signInForTest('token-of-test-user-000000', { userId: 1 });
    const submissions: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).startsWith('/api/auth/me')) {
          return Promise.resolve(meReply({ nickName: null, realNameAuth: true }));
        }
        submissions.push(JSON.parse(String(init?.body)));
        return Promise.resolve(json({ code: '000000', message: '提交成功！', data: { id: 2 } }));
      }),
    );
    renderWithProviders(<FeedbackForm />);
    expect(
      await screen.findByPlaceholderText('已实名认证，不填则使用认证姓名', {}, WAIT),
    ).toBeTruthy();
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
    expect(await screen.findByText('提交成功！', {}, WAIT)).toBeTruthy();
    expect(submissions[0]).toEqual({ phone: '13800000002', title: '咨询', content: '<p>内容</p>' });
  });

  it('asks a visitor for no picture puzzle: signing in with a phone code is the check', async () => {
    const server = fakeServer(() => json({}));
    renderWithProviders(<FeedbackForm />);
    expect(
      screen.getByText('提交时请登录：用手机号接收短信验证码即可，无需识别图片。'),
    ).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByText('验证码', { exact: true })).toBeNull();
    // The trap field is out of the tab order and hidden from screen readers.
    const trap = document.querySelector<HTMLInputElement>('input#website')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(server.fetchMock.mock.calls.some(([url]) => String(url).includes('captcha'))).toBe(
      false,
    );
  });

  it('says 提交成功！ and empties title and content, keeping name and phone', async () => {
    signInForTest('token-of-test-user-000000', { userId: 1, nickName: '李四' });
    const server = fakeServer(() =>
      json({ code: '000000', message: '提交成功！', data: { id: 1 } }),
    );
    renderWithProviders(<FeedbackForm />);
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
    expect(await screen.findByText('提交成功！', {}, WAIT)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByPlaceholderText('请输入标题') as HTMLInputElement).value).toBe(''),
    );
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('李四');
    expect(screen.getByRole('textbox', { name: '内容' }).textContent).toBe('');
    expect(server.submissions).toHaveLength(1);
  });

  it('refreshes the own-feedback list after a successful submission', async () => {
    signInForTest('token-of-test-user-000000', { userId: 1 });
    let stored = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          stored += 1;
          return Promise.resolve(json({ code: '000000', message: '提交成功！', data: { id: 1 } }));
        }
        const page = { list: [], total: stored, pageNum: 1, pageSize: 10 };
        return Promise.resolve(json({ code: '000000', message: 'ok', data: page }));
      }),
    );
    function OwnTotal() {
      const { data } = useOwnFeedback(1);
      return <p>我的提问共{data?.total ?? '-'}条</p>;
    }
    renderWithProviders(
      <>
        <FeedbackForm />
        <OwnTotal />
      </>,
    );
    expect(await screen.findByText('我的提问共0条', {}, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '张三' } });
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
    expect(await screen.findByText('我的提问共1条', {}, WAIT)).toBeTruthy();
  });
});
