import { BellFilled, BellOutlined } from '@ant-design/icons';
import { PROJECT_TOPICS, type ProjectTopic } from '@portal/shared/constants/subscriptions';
import { Button } from 'antd';
import { useState } from 'react';
import { authStore, useAuth } from '../../../lib/auth-store';
import { Deferred, lazyNamed } from '../../../lib/deferred';
import { notifySuccess } from '../../../lib/notify';
import { useProjectTopics, useSetProjectTopics } from '../../../lib/subscriptions-api';

const loadDialog = () => import('./subscribe-dialog');
const SubscribeDialog = lazyNamed(loadDialog, 'SubscribeDialog');

/**
 * 订阅 of a project (docs/product/subscriptions.md): a dialog with three choices — 开盘通知,
 * 变价通知, 新证通知 — saved together; unticking all cancels. Signed-out visitors get the login
 * dialog. The dialog's code loads when the button is first pressed (or hovered), before the tap
 * ends.
 */
export function SubscribeButton({ projectId }: { projectId: number }) {
  const isLoggedIn = useAuth((s) => s.isLoggedIn);
  const state = useProjectTopics(projectId, isLoggedIn);
  const save = useSetProjectTopics();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ProjectTopic[]>([]);
  const subscribed = (state.data?.topics.length ?? 0) > 0;
  const preload = () => {
    if (isLoggedIn) void loadDialog().catch(() => undefined);
  };

  const handleClick = () => {
    if (!isLoggedIn) {
      authStore.setLoginDialogOpen(true);
      return;
    }
    setChosen(state.data?.topics.length ? state.data.topics : [...PROJECT_TOPICS]);
    setOpen(true);
  };
  const handleOk = () => {
    save.mutate(
      { projectId, topics: chosen },
      {
        onSuccess: (result) => {
          notifySuccess(result.topics.length ? '订阅成功' : '已取消订阅');
          setOpen(false);
        },
      },
    );
  };

  return (
    <>
      <Button
        type={subscribed ? 'primary' : 'default'}
        icon={subscribed ? <BellFilled /> : <BellOutlined />}
        onClick={handleClick}
        onPointerDown={preload}
        onMouseEnter={preload}
        aria-label={subscribed ? '已订阅' : '订阅'}
      >
        {subscribed ? '已订阅' : '订阅'}
      </Button>
      <Deferred when={open}>
        <SubscribeDialog
          open={open}
          chosen={chosen}
          saving={save.isPending}
          onChange={setChosen}
          onOk={handleOk}
          onCancel={() => setOpen(false)}
        />
      </Deferred>
    </>
  );
}
