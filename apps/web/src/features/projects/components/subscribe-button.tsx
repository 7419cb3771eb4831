import { BellFilled, BellOutlined } from '@ant-design/icons';
import {
  PROJECT_TOPICS,
  SUBSCRIPTION_TOPIC_LABEL,
  type ProjectTopic,
} from '@portal/shared/constants/subscriptions';
import { Button, Checkbox, Modal } from 'antd';
import { useState } from 'react';
import { authStore, useAuth } from '../../../lib/auth-store';
import { notifySuccess } from '../../../lib/notify';
import { useProjectTopics, useSetProjectTopics } from '../../../lib/subscriptions-api';

const TOPIC_HINT: Record<ProjectTopic, string> = {
  opening: '楼栋有房源开始可售时通知我',
  price: '平台价或房源价格变动 1% 以上时通知我',
  licence: '楼栋取得新的预售许可证时通知我',
};

/**
 * 订阅 of a project (docs/product/subscriptions.md): a dialog with three choices — 开盘通知,
 * 变价通知, 新证通知 — saved together; unticking all cancels. Signed-out visitors get the login
 * dialog.
 */
export function SubscribeButton({ projectId }: { projectId: number }) {
  const isLoggedIn = useAuth((s) => s.isLoggedIn);
  const state = useProjectTopics(projectId, isLoggedIn);
  const save = useSetProjectTopics();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ProjectTopic[]>([]);
  const subscribed = (state.data?.topics.length ?? 0) > 0;

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
        aria-label={subscribed ? '已订阅' : '订阅'}
      >
        {subscribed ? '已订阅' : '订阅'}
      </Button>
      <Modal
        title="订阅楼盘动态"
        open={open}
        okText="确定"
        cancelText="取消"
        confirmLoading={save.isPending}
        onOk={handleOk}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p style={{ marginTop: 0, color: '#666', fontSize: 14 }}>
          通知将发送到“我的消息”并以短信提醒（每天最多3条，22:00至次日08:00不发送短信）。
        </p>
        <Checkbox.Group
          value={chosen}
          onChange={(values) => setChosen(values as ProjectTopic[])}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        >
          {PROJECT_TOPICS.map((topic) => (
            <Checkbox key={topic} value={topic} style={{ minHeight: 44, alignItems: 'center' }}>
              <span style={{ fontSize: 15 }}>{SUBSCRIPTION_TOPIC_LABEL[topic]}</span>
              <span style={{ display: 'block', color: '#888', fontSize: 14 }}>
                {TOPIC_HINT[topic]}
              </span>
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Modal>
    </>
  );
}
