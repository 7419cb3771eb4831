import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { authStore, useAuth } from '../../../lib/auth-store';
import { notifySuccess } from '../../../lib/notify';
import { useToggleProjectFavourite } from '../api/favourites';

interface FavouriteButtonProps {
  projectId: number;
  collected: boolean;
}

/**
 * 收藏 / 已收藏 toggle of a project (docs/product/new-build.md): signed-out visitors get the login dialog;
 * success toasts 收藏成功 or 取消收藏, failures the server message.
 */
export function FavouriteButton({ projectId, collected }: FavouriteButtonProps) {
  const isLoggedIn = useAuth((s) => s.isLoggedIn);
  const toggle = useToggleProjectFavourite();

  const handleClick = () => {
    if (!isLoggedIn) {
      authStore.setLoginDialogOpen(true);
      return;
    }
    const next = !collected;
    toggle.mutate(
      { projectId, collected: next },
      { onSuccess: () => notifySuccess(next ? '收藏成功' : '取消收藏') },
    );
  };

  return (
    <Button
      type={collected ? 'primary' : 'default'}
      icon={collected ? <HeartFilled /> : <HeartOutlined />}
      loading={toggle.isPending}
      onClick={handleClick}
      aria-pressed={collected}
      aria-label={collected ? '已收藏' : '收藏'}
    >
      {collected ? '已收藏' : '收藏'}
    </Button>
  );
}
