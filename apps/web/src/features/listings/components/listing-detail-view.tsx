import { LISTING_STATUS, listingStatusLabel } from '@portal/shared/constants/listing-status';
import {
  CHECK_IN_ANY_TIME,
  LISTING_TYPE,
  type ListingTypeCode,
} from '@portal/shared/constants/listings';
import { formatUnitPrice } from '@portal/shared/format';
import type { ListingDetail } from '@portal/shared/schemas/listings';
import { Alert, Button, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { BreadcrumbTrail } from '../../../components/breadcrumb-trail';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { usePhotoViewer } from '../../../components/photo-viewer/use-photo-viewer';
import { paths } from '../../../config/paths';
import { toOssUrl } from '../../../lib/oss-url';
import { formatListingPrice, layoutText } from '../lib/listing-filters';
import styles from './listing-detail-view.module.css';
import { ListingGallery } from './listing-gallery';
import { ListingTrustPanel } from './listing-trust-panel';

interface ListingDetailViewProps {
  detail: ListingDetail;
  /** 我要出售 / 我要出租 (listing-entry rule). */
  onEnter: (type: ListingTypeCode) => void;
  onToggleFavourite: () => void;
  /** Opens 房聊 with the publisher; absent when the chat page does not exist. */
  onChat?: () => void;
  /** Opens the 举报 dialog (the login dialog when signed out). */
  onReport: () => void;
  /** More buttons next to 收藏 (the 对比 button). */
  extraActions?: ReactNode;
}

/** What the owner (or an operator) previewing a listing that is not public must know. */
function StateNotice({ detail }: { detail: ListingDetail }) {
  if (detail.publishStatus === LISTING_STATUS.PUBLISHED) return null;
  const label = listingStatusLabel(detail.publishStatus);
  const reason = detail.reviewNote ? `：${detail.reviewNote}` : '';
  return (
    <Alert
      type={detail.publishStatus === LISTING_STATUS.TAKEN_DOWN ? 'error' : 'warning'}
      showIcon
      title={`该房源当前状态为「${label}」${reason}，仅您可见`}
    />
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children || '暂无'}</dd>
    </div>
  );
}

/** detailscs / detailscz: gallery, price, facts, tags, description and picture grid (docs/product/listings.md). */
export function ListingDetailView({
  detail,
  onEnter,
  onToggleFavourite,
  onChat,
  onReport,
  extraActions,
}: ListingDetailViewProps) {
  const isSale = detail.type === LISTING_TYPE.SALE;
  const pictures = detail.secondHouse.map((p) => p.path);
  const photoViewer = usePhotoViewer(
    pictures.map((picture, i) => ({ src: picture, alt: `${detail.title} 图片${i + 1}` })),
  );
  return (
    <div className={styles.page}>
      <BreadcrumbTrail
        isIsland={false}
        crumbs={[
          { label: '首页', href: paths.home.getHref() },
          { label: '二手房', href: paths.secondhandhouse.getHref({}) },
          { label: isSale ? '二手房出售' : '房屋出租' },
        ]}
      />
      <StateNotice detail={detail} />
      <h1 className={styles.title}>{detail.title}</h1>
      <div className={styles.top}>
        <ListingGallery pictures={pictures} title={detail.title} />
        <section className={styles.summary} aria-label="房源概况">
          <p className={styles.price}>
            <strong>{formatListingPrice(detail.type, detail.price)}</strong>
            {isSale && detail.priceSquareMetre !== null && (
              <span>单价 {formatUnitPrice(detail.priceSquareMetre)}</span>
            )}
            {!isSale && detail.rentPayStr && <Tag color="orange">{detail.rentPayStr}</Tag>}
          </p>
          <dl className={styles.facts}>
            {!isSale && <Fact label="出租方式">{detail.rentTypeStr}</Fact>}
            <Fact label="户型">{layoutText(detail)}</Fact>
            <Fact label="建筑面积">{`${detail.buildArea}㎡`}</Fact>
            <Fact label="朝向">{detail.directionStr}</Fact>
            <Fact label="楼层">{`${detail.floorNum}/${detail.totalFloor}层`}</Fact>
            <Fact label="装修">{detail.decoratesStr}</Fact>
            <Fact label="电梯">{detail.elevatorStr}</Fact>
            {isSale && <Fact label="房屋类型">{detail.houseTypeStr}</Fact>}
            {isSale && <Fact label="建筑类型">{detail.buildTypeStr}</Fact>}
            {isSale && <Fact label="产权年限">{detail.rightLimitStr}</Fact>}
            {detail.age !== null && <Fact label="建成年份">{`${detail.age}年`}</Fact>}
            <Fact label="区域">{detail.scVO.areaName}</Fact>
            <Fact label="小区名称">{detail.scVO.communityName}</Fact>
            <Fact label="地址">{detail.scVO.address}</Fact>
            <Fact label="入住时间">{detail.checkIn ?? CHECK_IN_ANY_TIME}</Fact>
            {isSale && detail.publishTime && (
              <Fact label="挂牌时间">{dayjs(detail.publishTime).format('YYYY-MM-DD')}</Fact>
            )}
          </dl>
          <div className={styles.publisher}>
            <ImageWithFallback
              className={styles.avatar}
              src={detail.publisher.avatar}
              alt={detail.publisher.name}
            />
            <span>发布人：{detail.publisher.name}</span>
          </div>
          <ListingTrustPanel detail={detail} />
          <div className={styles.actions}>
            {onChat && !detail.isOwner && (
              <Button type="primary" onClick={onChat}>
                房聊
              </Button>
            )}
            <Button onClick={onToggleFavourite}>{detail.collected ? '已收藏' : '收藏'}</Button>
            {extraActions}
            {!detail.isOwner && (
              <Button danger disabled={detail.hasOpenReport} onClick={onReport}>
                {detail.hasOpenReport ? '已举报' : '举报'}
              </Button>
            )}
          </div>
        </section>
        <aside className={styles.side} aria-label="发布房源">
          <Button block onClick={() => onEnter(1)}>
            我要卖二手房
          </Button>
          <Button block onClick={() => onEnter(2)}>
            我要出租
          </Button>
        </aside>
      </div>
      <section className={styles.section} aria-label="房源标签">
        <h2>房源标签</h2>
        <p>
          {detail.tagList.length > 0
            ? detail.tagList.map((tag) => (
                <Tag key={tag.id} color="blue">
                  {tag.tagName}
                </Tag>
              ))
            : '暂无'}
        </p>
      </section>
      <section className={styles.section} aria-label="房源描述">
        <h2>房源描述</h2>
        <p className={styles.description}>{detail.description}</p>
      </section>
      <section className={styles.section} aria-label="房源图片">
        <h2>房源图片</h2>
        <div className={styles.grid}>
          {pictures.map((picture, i) => (
            <a
              key={`${picture}-${i}`}
              href={toOssUrl(picture)}
              onClick={photoViewer.onLinkClick(i)}
              aria-label={`查看大图 图片${i + 1}`}
              title="查看大图"
            >
              <ImageWithFallback src={picture} alt={`${detail.title} 图片${i + 1}`} />
            </a>
          ))}
        </div>
        {photoViewer.viewer}
      </section>
    </div>
  );
}
