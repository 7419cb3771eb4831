import { ChatAdmin } from '../../../features/chat/admin/chat-admin';

/** /admin/chat: the service channel's inbox and reported conversations. */
export default function AdminChatRoute() {
  return <ChatAdmin />;
}
