import { theme } from 'antd';
import AppContext from 'antd/es/app/context';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Deferred, lazyNamed } from '../../lib/deferred';
import { createLazyModalApi, createModalQueue } from './lazy-modal';
import { createLazyToastApis, createToastQueue } from './lazy-toasts';

const ModalHost = lazyNamed(() => import('./modal-host'), 'ModalHost');
const ToastHost = lazyNamed(() => import('./toast-host'), 'ToastHost');

/** How long after the page is taken over the toast code loads when no toast asked for it. */
const TOAST_IDLE_TIMEOUT_MS = 3000;

/**
 * What antd's `App` gives the app: the themed `message`, `notification` and `modal` of
 * `App.useApp()` and the base text style of the page. The modal code (Modal, its buttons and
 * the form context it brings, about 30 KB gzip) loads on the first `modal.*` call instead of with
 * every page (docs/decisions/0018); the toast code on the first toast or once the browser is
 * idle after the page is taken over, whichever comes first (docs/decisions/0057).
 */
export function AntdApp({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const [isToastWanted, setToastWanted] = useState(false);
  const [toastQueue] = useState(createToastQueue);
  const [toasts] = useState(() => createLazyToastApis(() => setToastWanted(true), toastQueue));
  const [isModalWanted, setModalWanted] = useState(false);
  const [modalQueue] = useState(createModalQueue);
  const [lazyModal] = useState(() =>
    createLazyModalApi(() => setModalWanted(true), modalQueue.enqueue),
  );

  useEffect(() => {
    const want = () => setToastWanted(true);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(want, TOAST_IDLE_TIMEOUT_MS);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(want, { timeout: TOAST_IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(idle);
  }, []);

  const context = useMemo(
    () => ({ message: toasts.message, notification: toasts.notification, modal: lazyModal }),
    [toasts, lazyModal],
  );
  const style = {
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
  };
  return (
    <AppContext.Provider value={context}>
      <div style={style}>
        {children}
        <Deferred when={isToastWanted}>
          <ToastHost onReady={toastQueue.ready} />
        </Deferred>
        <Deferred when={isModalWanted}>
          <ModalHost onReady={modalQueue.ready} />
        </Deferred>
      </div>
    </AppContext.Provider>
  );
}
