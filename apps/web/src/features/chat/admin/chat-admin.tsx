import { Tabs, Typography } from 'antd';
import { ChatReportList } from './chat-report-list';
import { ServiceInbox } from './service-inbox';

/** 房聊客服: the service channel's inbox (answered as 平台客服) and reported conversations. */
export function ChatAdmin() {
  return (
    <>
      <Typography.Title level={4}>房聊客服</Typography.Title>
      <Tabs
        items={[
          { key: 'service', label: '客服会话', children: <ServiceInbox /> },
          { key: 'reports', label: '会话举报', children: <ChatReportList /> },
        ]}
      />
    </>
  );
}
