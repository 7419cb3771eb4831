import { listingTypeOf } from '@portal/shared/constants/listings';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { RealnameDialog } from '../../../features/account/components/realname-dialog';
import { PublishWizard } from '../../../features/listings/components/publish-wizard';
import { useAuth } from '../../../lib/auth-store';
import { getRealnameStatus } from '../../../lib/realname-status';

/**
 * /addhouse behind the listing-entry rule (docs/product/listings.md): signed out → /login; signed in but not
 * real-name verified → the face-recognition prompt; otherwise the four-step wizard.
 */
export default function AddHouseRoute() {
  const isLoggedIn = useAuth((state) => state.isLoggedIn);
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const initialType = listingTypeOf(searchParams.get('type'));
  const [isDialogOpen, setDialogOpen] = useState(true);
  const realname = useQuery({
    queryKey: ['auth', 'realname-status', 'addhouse'],
    queryFn: () => getRealnameStatus({ toast: true }),
    enabled: isLoggedIn,
    gcTime: 0,
  });

  if (!isLoggedIn) {
    return (
      <Navigate
        to={paths.login.getHref({ redirect: location.pathname + location.search })}
        replace
      />
    );
  }
  let body: ReactNode;
  if (realname.isPending) body = <Spin style={{ display: 'block', padding: 80 }} />;
  else if (realname.data !== true) {
    body = (
      <>
        <Result
          status="warning"
          title="您尚未完成实名认证"
          subTitle="发布房源需要先完成实名认证，请使用微信扫码进入小程序进行人脸识别认证。"
          extra={
            <Button type="primary" onClick={() => setDialogOpen(true)}>
              去认证
            </Button>
          }
        />
        <RealnameDialog
          open={isDialogOpen}
          onClose={() => {
            setDialogOpen(false);
            void realname.refetch();
          }}
        />
      </>
    );
  } else body = <PublishWizard key={initialType} initialType={initialType} />;
  return (
    <>
      <PageTitle>发布房源</PageTitle>
      {body}
    </>
  );
}
