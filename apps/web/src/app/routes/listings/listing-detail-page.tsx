import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { LISTING_TYPE, type ListingTypeCode } from '@portal/shared/constants/listings';
import { RECORD_SECTION_TITLES } from '@portal/shared/constants/page-titles';
import { Spin } from 'antd';
import useApp from 'antd/es/app/useApp';
import { Suspense, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PriceHistoryPanel } from '../../../components/price-history/price-history-panel';
import { ShareButton } from '../../../components/share-button';
import { CompareButton } from '../../../features/compare/components/compare-button';
import { CompareTray } from '../../../features/compare/components/compare-tray';
import { useRecordView } from '../../../features/history/api/history';
import { useListingDetail } from '../../../features/listings/api/listing-detail';
import { useToggleListingFavourite } from '../../../features/listings/api/listing-favourite';
import { ListingDetailView } from '../../../features/listings/components/listing-detail-view';
import { listingHref } from '../../../features/listings/components/listing-list-item';
import { useListingEntry } from '../../../features/listings/hooks/use-listing-entry';
import { authStore } from '../../../lib/auth-store';
import { openChat } from '../../../lib/chat-launcher';
import { Deferred, lazyNamed } from '../../../lib/deferred';
import { usePageTitle } from '../../../lib/page-title';

// The report form and the real-name dialog (antd Form, Input, Radio and Modal) load when first
// opened.
const ReportListingDialog = lazyNamed(
  () => import('../../../features/listings/components/report-listing-dialog'),
  'ReportListingDialog',
);
const RealnameDialog = lazyNamed(
  () => import('../../../features/account/components/realname-dialog'),
  'RealnameDialog',
);

// 所在小区, 周边配套, activity figures and 问答 load after the page, as their own chunk.
const BuyerFactsPanel = lazyNamed(
  () => import('../../../features/buyer-facts/components/buyer-facts-panel'),
  'BuyerFactsPanel',
);

/** detailscs (type 1) and detailscz (type 2): one listing by query id (docs/product/listings.md). */
export function ListingDetailPage({ type }: { type: ListingTypeCode }) {
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('id'));
  const { data, isPending, isError } = useListingDetail(id);
  const entry = useListingEntry('dialog');
  const favourite = useToggleListingFavourite();
  const { message } = useApp();
  const [isReporting, setReporting] = useState(false);
  usePageTitle(
    data && data.type === type
      ? [
          data.title,
          type === LISTING_TYPE.RENT ? RECORD_SECTION_TITLES.rent : RECORD_SECTION_TITLES.sale,
        ]
      : null,
  );
  // A signed-in visitor's view of a public listing goes into 浏览记录.
  useRecordView('LISTING', data?.type === type && !data.isOwner ? data.id : undefined);

  if (isPending && Number.isInteger(id) && id > 0) return <Spin style={{ display: 'block' }} />;
  if (isError || !data) return <EmptyState description="房源不存在或已下架" />;
  if (data.type !== type) return <Navigate to={listingHref(data)} replace />;

  const requireLogin = (action: () => void) => () => {
    if (authStore.getState().isLoggedIn) action();
    else authStore.setLoginDialogOpen(true);
  };
  // 房聊 about this listing with its publisher (the login dialog when signed out).
  const chatWithPublisher = () =>
    openChat({
      listingId: data.id,
      targetId: data.publisher.id,
      targetName: data.publisher.name,
      targetAvatar: data.publisher.avatar ?? undefined,
    });

  return (
    <>
      <ListingDetailView
        detail={data}
        onEnter={(listingType) => void entry.enter(listingType)}
        onToggleFavourite={requireLogin(() =>
          favourite.mutate({ id: data.id, collected: !data.collected }),
        )}
        onChat={chatWithPublisher}
        onReport={requireLogin(() => setReporting(true))}
        extraActions={
          <>
            <CompareButton type="listing" id={data.id} name={data.title} />
            {data.publishStatus === LISTING_STATUS.PUBLISHED && (
              <ShareButton
                title={`${data.title} - ${type === LISTING_TYPE.RENT ? '出租' : '二手房'}`}
                text={`${data.scVO.areaName} ${data.scVO.communityName}`}
              />
            )}
          </>
        }
      />
      <PriceHistoryPanel kind="listing" id={data.id} label={`${data.title}价格走势图`} />
      {data.publishStatus === LISTING_STATUS.PUBLISHED && (
        <Suspense fallback={null}>
          <BuyerFactsPanel
            target={{ targetType: 'listing', targetId: data.id }}
            place={{
              name: data.scVO.communityName,
              district: data.scVO.areaName,
              address: data.scVO.address,
            }}
          />
        </Suspense>
      )}
      <CompareTray type="listing" />
      <Deferred when={isReporting}>
        <ReportListingDialog
          listingId={data.id}
          open={isReporting}
          onClose={() => setReporting(false)}
          onReported={() => {
            setReporting(false);
            message.success('举报已提交，平台处理后会通知您');
          }}
        />
      </Deferred>
      <Deferred when={entry.isRealnameOpen}>
        <RealnameDialog open={entry.isRealnameOpen} onClose={entry.closeRealname} />
      </Deferred>
    </>
  );
}
