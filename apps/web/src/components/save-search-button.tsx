import { BellOutlined } from '@ant-design/icons';
import type { SearchScope } from '@portal/shared/constants/subscriptions';
import { Button } from 'antd';
import { useLocation } from 'react-router';
import { authStore, useAuth } from '../lib/auth-store';
import { notifySuccess } from '../lib/notify';
import { useSaveSearch } from '../lib/subscriptions-api';

/**
 * 订阅此搜索 of /newHouse and /secondhandhouse: saves the page's current filters (its URL query);
 * new matching projects or listings are then told in 我的消息 and by SMS.
 */
export function SaveSearchButton({ scope }: { scope: SearchScope }) {
  const isLoggedIn = useAuth((s) => s.isLoggedIn);
  const location = useLocation();
  const save = useSaveSearch();
  const handleClick = () => {
    if (!isLoggedIn) {
      authStore.setLoginDialogOpen(true);
      return;
    }
    save.mutate(
      { scope, query: location.search.replace(/^\?/, '') },
      { onSuccess: () => notifySuccess('已订阅此搜索，有新房源时将通知您') },
    );
  };
  return (
    <Button icon={<BellOutlined />} loading={save.isPending} onClick={handleClick}>
      订阅此搜索
    </Button>
  );
}
