import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { describe, expect, it, vi } from 'vitest';
import { createLazyToastApis, createToastQueue, type ToastApis } from './lazy-toasts';

/** Toast APIs that record what they were asked to show. */
function recordingApis() {
  const shown: string[] = [];
  const closers: ReturnType<typeof vi.fn>[] = [];
  const typed = (kind: string) => (content: unknown) => {
    shown.push(`${kind}:${String(content)}`);
    const close = vi.fn();
    closers.push(close);
    const handle = close as unknown as MessageType;
    handle.then = (resolve) => Promise.resolve(true).then(resolve);
    return handle;
  };
  const message = {
    info: typed('info'),
    success: typed('success'),
    error: typed('error'),
    warning: typed('warning'),
    loading: typed('loading'),
    open: (args: { content: unknown }) => typed('open')(args.content),
    destroy: vi.fn(),
  } as unknown as MessageInstance;
  const notification = {
    success: (args: { title?: unknown }) => shown.push(`n-success:${String(args.title)}`),
    error: vi.fn(),
    info: vi.fn(),
    warning: vi.fn(),
    open: vi.fn(),
    destroy: vi.fn(),
  } as unknown as NotificationInstance;
  return { apis: { message, notification } satisfies ToastApis, shown, closers };
}

describe('lazy toasts', () => {
  it('asks for the toast code at the first toast and shows waiting toasts in order', async () => {
    const want = vi.fn();
    const queue = createToastQueue();
    const toasts = createLazyToastApis(want, queue);
    expect(want).not.toHaveBeenCalled();
    const first = toasts.message.success('已保存');
    toasts.notification.success({ title: '订阅成功' });
    toasts.message.error('网络错误');
    expect(want).toHaveBeenCalled();
    const { apis, shown } = recordingApis();
    queue.ready(apis);
    expect(shown).toEqual(['success:已保存', 'n-success:订阅成功', 'error:网络错误']);
    await expect(first).resolves.toBe(true);
    toasts.message.info('之后');
    expect(shown.at(-1)).toBe('info:之后');
  });

  it('a toast closed or destroyed before the code arrived is never shown', async () => {
    const queue = createToastQueue();
    const toasts = createLazyToastApis(() => undefined, queue);
    const closed = toasts.message.loading('提交中');
    closed();
    toasts.message.warning('被清除');
    toasts.message.destroy();
    toasts.message.info('留下');
    const { apis, shown } = recordingApis();
    queue.ready(apis);
    expect(shown).toEqual(['info:留下']);
    await expect(closed).resolves.toBe(true);
  });

  it('closing a shown message closes the real one', () => {
    const queue = createToastQueue();
    const toasts = createLazyToastApis(() => undefined, queue);
    const { apis, closers } = recordingApis();
    queue.ready(apis);
    const close = toasts.message.success('已复制');
    close();
    expect(closers[0]).toHaveBeenCalledTimes(1);
  });
});
