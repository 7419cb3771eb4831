import { ChatPage } from '../../../features/chat/components/chat-page';

/** /chat: the embeddable 房聊 page, without the site shell (docs/architecture.md). */
export default function ChatRoute() {
  return <ChatPage />;
}
