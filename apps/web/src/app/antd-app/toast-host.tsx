import { message, notification } from 'antd';
import { useEffect } from 'react';
import type { ToastApis } from './lazy-toasts';

/** Renders antd's message and notification holders and hands their APIs over (`lazy-toasts.ts`). */
export function ToastHost({ onReady }: { onReady: (apis: ToastApis) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  useEffect(
    () => onReady({ message: messageApi, notification: notificationApi }),
    [messageApi, notificationApi, onReady],
  );
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
