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

/** A fetch that issues numbered codes and answers the submission with `submitReply`. */
function fakeServer(submitReply: () => Response) {
  let issued = 0;
  const submissions: unknown[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/feedback/captcha')) {
      issued += 1;
      return Promise.resolve(
        json({
          code: '000000',
          message: 'ok',
          data: { captchaId: `id-${issued}`, image: `data:image/png;base64,${issued}` },
        }),
      );
    }
    submissions.push(JSON.parse(String(init?.body)));
    return Promise.resolve(submitReply());
  });
  vi.stubGlobal('fetch', fetchMock);
  return { submissions, issued: () => issued };
}

/** The picture code the form is showing. */
const pictureSrc = () => screen.queryByAltText('验证码')?.getAttribute('src');

const type = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

async function fillForm() {
  type('请输入姓名', '张三');
  type('请输入手机号', '13912345678');
  type('请输入标题', '咨询');
  const area = await screen.findByRole('textbox', { name: '内容' });
  area.innerHTML = '<p>内容</p>';
  fireEvent.input(area);
  type('请输入验证码', '12345');
}

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
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
    await waitFor(() => expect(authStore.getState().isLoginDialogOpen).toBe(true));
    expect(server.submissions).toEqual([]);
  });

  it('warns on a wrong code and shows a new picture', async () => {
    signInForTest('token-of-test-user-000000', { userId: 1 });
    const server = fakeServer(() =>
      json({ code: '75010', message: '验证码不正确，请重新输入！', data: null }, 400),
    );
    renderWithProviders(<FeedbackForm />);
    await screen.findByAltText('验证码', {}, WAIT);
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
    expect(await screen.findByText('验证码不正确，请重新输入！', {}, WAIT)).toBeTruthy();
    expect(server.submissions[0]).toMatchObject({
      captchaId: 'id-1',
      num: '12345',
      content: '<p>内容</p>',
    });
    await waitFor(() => expect(server.issued()).toBe(2), WAIT);
    expect((screen.getByPlaceholderText('请输入验证码') as HTMLInputElement).value).toBe('');
    // The new picture is shown, and the next answer is checked against the new code.
    await waitFor(() => expect(pictureSrc()).toBe('data:image/png;base64,2'), WAIT);
    type('请输入验证码', '54321');
    fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
    await waitFor(() => expect(server.submissions).toHaveLength(2), WAIT);
    expect(server.submissions[1]).toMatchObject({ captchaId: 'id-2', num: '54321' });
  });

  it('shows a new picture code when the picture is clicked', async () => {
    const server = fakeServer(() => json({}));
    renderWithProviders(<FeedbackForm />);
    await screen.findByAltText('验证码', {}, WAIT);
    expect(pictureSrc()).toBe('data:image/png;base64,1');
    fireEvent.click(screen.getByRole('button', { name: '验证码图片，点击换一张' }));
    await waitFor(() => expect(pictureSrc()).toBe('data:image/png;base64,2'), WAIT);
    expect(server.issued()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: '验证码图片，点击换一张' }));
    await waitFor(() => expect(pictureSrc()).toBe('data:image/png;base64,3'), WAIT);
    expect(server.submissions).toEqual([]);
  });

  it('says 提交成功！ and resets the form', async () => {
    signInForTest('token-of-test-user-000000', { userId: 1 });
    const server = fakeServer(() =>
      json({ code: '000000', message: '提交成功！', data: { id: 1 } }),
    );
    renderWithProviders(<FeedbackForm />);
    await screen.findByAltText('验证码', {}, WAIT);
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
    expect(await screen.findByText('提交成功！', {}, WAIT)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByPlaceholderText('请输入姓名') as HTMLInputElement).value).toBe(''),
    );
    expect(screen.getByRole('textbox', { name: '内容' }).textContent).toBe('');
    expect(server.submissions).toHaveLength(1);
  });

  it('refreshes the own-feedback list after a successful submission', async () => {
    signInForTest('token-of-test-user-000000', { userId: 1 });
    let stored = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.startsWith('/api/feedback/captcha')) {
          const data = { captchaId: 'id-1', image: 'data:image/png;base64,1' };
          return Promise.resolve(json({ code: '000000', message: 'ok', data }));
        }
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
    await screen.findByAltText('验证码', {}, WAIT);
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
    expect(await screen.findByText('我的提问共1条', {}, WAIT)).toBeTruthy();
  });
});
