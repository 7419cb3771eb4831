import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** The two toast APIs of `App.useApp()` once their code is there (`toast-host.tsx`). */
export interface ToastApis {
  message: MessageInstance;
  notification: NotificationInstance;
}

type Call = (apis: ToastApis) => void;

/** Toast calls waiting for the toast code, run in order once it is there. */
export function createToastQueue() {
  let apis: ToastApis | null = null;
  let pending: { call: Call; of: keyof ToastApis }[] = [];
  return {
    enqueue(of: keyof ToastApis, call: Call): void {
      if (apis) call(apis);
      else pending.push({ call, of });
    },
    /** `destroy()` before the code is there: the waiting toasts of that kind are dropped. */
    drop(of: keyof ToastApis): void {
      pending = pending.filter((entry) => entry.of !== of);
    },
    isReady: () => apis !== null,
    ready(next: ToastApis): void {
      apis = next;
      pending.splice(0).forEach(({ call }) => call(next));
    },
  };
}

type ToastQueue = ReturnType<typeof createToastQueue>;

const MESSAGE_METHODS = ['info', 'success', 'error', 'warning', 'loading'] as const;
const NOTIFICATION_METHODS = ['success', 'error', 'info', 'warning', 'open'] as const;

/**
 * antd's `message` and `notification` of `App.useApp()` whose code (the toast holders, their
 * motion and styles, about 12 KB gzip) is not on the first page load: `want` asks for the toast
 * host to be mounted (after the page is taken over, or at the first toast), and calls made
 * meanwhile are shown, in order, once it is. A message answers at once with a closer that is
 * also thenable, as antd's does.
 */
export function createLazyToastApis(want: () => void, queue: ToastQueue): ToastApis {
  /** Messages asked for before the code is there, closed together by `destroy()`. */
  const waiting: MessageType[] = [];
  const showMessage = (show: (api: MessageInstance) => MessageType): MessageType => {
    let close: (() => void) | null = null;
    let closed = false;
    let settle: (value: boolean) => void = () => undefined;
    want();
    const done = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    queue.enqueue('message', (apis) => {
      if (closed) return;
      const real = show(apis.message);
      close = real;
      void real.then(settle);
    });
    // Closed (or dropped by `destroy()`) before it was shown: it is over, as antd's would be.
    const closer = (() => {
      closed = true;
      if (close) close();
      else settle(true);
    }) as MessageType;
    closer.then = (onFulfilled, onRejected) => done.then(onFulfilled, onRejected);
    if (!queue.isReady()) waiting.push(closer);
    return closer;
  };
  const message = {
    ...Object.fromEntries(
      MESSAGE_METHODS.map((method) => [
        method,
        (...args: Parameters<MessageInstance['info']>) =>
          showMessage((api) => api[method](...args)),
      ]),
    ),
    open: (args: Parameters<MessageInstance['open']>[0]) => showMessage((api) => api.open(args)),
    destroy: (key?: Parameters<MessageInstance['destroy']>[0]) => {
      if (queue.isReady()) queue.enqueue('message', (apis) => apis.message.destroy(key));
      else {
        queue.drop('message');
        waiting.splice(0).forEach((closer) => closer());
      }
    },
  } as MessageInstance;
  const notification = {
    ...Object.fromEntries(
      NOTIFICATION_METHODS.map((method) => [
        method,
        (args: Parameters<NotificationInstance['open']>[0]) => {
          want();
          queue.enqueue('notification', (apis) => apis.notification[method](args));
        },
      ]),
    ),
    destroy: (key?: Parameters<NotificationInstance['destroy']>[0]) => {
      if (queue.isReady()) queue.enqueue('notification', (apis) => apis.notification.destroy(key));
      else queue.drop('notification');
    },
  } as NotificationInstance;
  return { message, notification };
}
