import {
  PROJECT_TOPICS,
  SUBSCRIPTION_TOPIC_LABEL,
  type ProjectTopic,
} from '@portal/shared/constants/subscriptions';
import { Checkbox, Modal } from 'antd';

const TOPIC_HINT: Record<ProjectTopic, string> = {
  opening: '楼栋有房源开始可售时通知我',
  price: '平台价或房源价格变动 1% 以上时通知我',
  licence: '楼栋取得新的预售许可证时通知我',
};

/**
 * The 订阅 dialog of a project: the three choices, saved together. Loaded on first use
 * (`subscribe-button.tsx`), so its code is not part of the project pages' first load
 * (docs/decisions/0057-initial-javascript-per-page-type.md).
 */
export function SubscribeDialog({
  open,
  chosen,
  saving,
  onChange,
  onOk,
  onCancel,
}: {
  open: boolean;
  chosen: ProjectTopic[];
  saving: boolean;
  onChange: (topics: ProjectTopic[]) => void;
  onOk: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      title="订阅楼盘动态"
      open={open}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={onOk}
      onCancel={onCancel}
      destroyOnHidden
    >
      <p style={{ marginTop: 0, color: '#666', fontSize: 14 }}>
        通知将发送到“我的消息”并以短信提醒（每天最多3条，22:00至次日08:00不发送短信）。
      </p>
      <Checkbox.Group
        value={chosen}
        onChange={(values) => onChange(values as ProjectTopic[])}
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
  );
}
