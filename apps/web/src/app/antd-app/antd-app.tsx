import { message, notification, theme } from 'antd';
import AppContext from 'antd/es/app/context';
import { type ReactNode, useMemo, useState } from 'react';
import { Deferred, lazyNamed } from '../../lib/deferred';
import { createLazyModalApi, createModalQueue } from './lazy-modal';

const ModalHost = lazyNamed(() => import('./modal-host'), 'ModalHost');

/**
 * What antd's `App` gives the app: the themed `message`, `notification` and `modal` of
 * `App.useApp()` and the base text style of the page. The modal code (Modal, its buttons and
 * the form context it brings, about 30 KB gzip) loads on the first `modal.*` call instead of with
 * every page (docs/decisions/0018).
 */
export function AntdApp({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [isModalWanted, setModalWanted] = useState(false);
  const [modalQueue] = useState(createModalQueue);
  const [lazyModal] = useState(() =>
    createLazyModalApi(() => setModalWanted(true), modalQueue.enqueue),
  );

  const context = useMemo(
    () => ({ message: messageApi, notification: notificationApi, modal: lazyModal }),
    [messageApi, notificationApi, lazyModal],
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
        {messageHolder}
        {notificationHolder}
        {children}
        <Deferred when={isModalWanted}>
          <ModalHost onReady={modalQueue.ready} />
        </Deferred>
      </div>
    </AppContext.Provider>
  );
}
