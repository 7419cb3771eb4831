import { useUnreadNotices } from '../../features/orders/api/notices';
import { useAuth } from '../../lib/auth-store';
import styles from './unread-badge.module.css';

/** The signed-in user's number of unread notices; 0 when signed out or not yet known. */
export function useUnreadCount(): number {
  const isLoggedIn = useAuth((state) => state.isLoggedIn);
  const { data } = useUnreadNotices(isLoggedIn);
  return isLoggedIn ? (data?.count ?? 0) : 0;
}

/** The red count beside 我的消息 (99+ beyond 99); nothing when all is read. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge} aria-label={`${count}条未读消息`}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
