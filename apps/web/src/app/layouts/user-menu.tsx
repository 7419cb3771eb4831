import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { logout } from '../../features/auth/api/logout';
import { getDisplayName, useAuth } from '../../lib/auth-store';
import { useCurrentUser } from '../../lib/current-user';
import styles from './top-bar.module.css';
import { UnreadBadge, useUnreadCount } from './unread-badge';

interface UserMenuProps {
  /** Opens the 房聊 dialog. */
  onOpenChat: () => void;
}

/**
 * The signed-in user's name (with the count of unread notices) and 个人中心, 我的消息, 房聊 and 退出 (docs/product/accounts.md). The user is
 * asked of the server when the menu first shows: a session opened elsewhere (another tab, a
 * sign-in link) gets its name, and one the server no longer knows ends at once (code 90001).
 */
export function UserMenu({ onOpenChat }: UserMenuProps) {
  const user = useAuth((state) => state.user);
  useCurrentUser();
  const navigate = useNavigate();
  const { message } = useApp();
  const unread = useUnreadCount();

  const items: MenuProps['items'] = [
    { key: 'centre', label: '个人中心' },
    {
      key: 'notices',
      label: (
        <>
          我的消息
          <UnreadBadge count={unread} />
        </>
      ),
    },
    { key: 'chat', label: '房聊' },
    { key: 'logout', label: '退出' },
  ];

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'centre') navigate(paths.myInfomation.getHref());
    if (key === 'notices') navigate(paths.myNotice.getHref());
    if (key === 'chat') onOpenChat();
    if (key === 'logout') {
      void logout().finally(() => {
        message.success('已退出登录');
        navigate(paths.home.getHref());
      });
    }
  };

  return (
    <Dropdown menu={{ items, onClick: handleClick }} placement="bottomRight">
      <button type="button" className={styles.action}>
        <UserOutlined /> {getDisplayName(user)}
        <UnreadBadge count={unread} /> <DownOutlined />
      </button>
    </Dropdown>
  );
}
