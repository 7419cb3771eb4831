import { ChatPage } from '../../../features/chat/components/chat-page';

/** /chat: the embeddable 房聊 page, without the site shell (ARCHITECTURE §10). */
export default function ChatRoute() {
  return <ChatPage />;
}
