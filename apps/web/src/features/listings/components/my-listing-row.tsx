import {
  canListingDo,
  LISTING_STATUS,
  type ListingAction,
  listingStatusLabel,
} from '@portal/shared/constants/listing-status';
import { formatUnitPrice } from '@portal/shared/format';
import type { MyListing } from '@portal/shared/schemas/listing-trust';
import { Button, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { paths } from '../../../config/paths';
import { formatListingPrice, houseAge } from '../lib/listing-filters';
import { listingHref } from './listing-list-item';
import styles from './my-listing-row.module.css';

const { DRAFT, PENDING, PUBLISHED, REJECTED, WITHDRAWN, TAKEN_DOWN, UNCONFIRMED, CLOSED } =
  LISTING_STATUS;

const STATUS_COLOR: Record<number, string> = {
  [DRAFT]: 'default',
  [PENDING]: 'processing',
  [PUBLISHED]: 'success',
  [REJECTED]: 'error',
  [WITHDRAWN]: 'default',
  [TAKEN_DOWN]: 'error',
  [UNCONFIRMED]: 'warning',
  [CLOSED]: 'purple',
};

/** The label of each owner action's button. */
const ACTION_TEXT: Record<ListingAction, string> = {
  edit: '编辑',
  submit: '提交审核',
  confirm: '确认在售',
  reprice: '调价',
  close: '已成交',
  withdraw: '撤回',
  delete: '删除',
};

/** The buttons in the order they show. */
const ACTION_ORDER: ListingAction[] = [
  'confirm',
  'edit',
  'submit',
  'reprice',
  'close',
  'withdraw',
  'delete',
];

interface MyListingRowProps {
  item: MyListing;
  currentYear: number;
  onAction: (action: ListingAction) => void;
}

const dayOf = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

/** What the owner must know about the listing's state: a reason, a request, a deadline. */
function StateNotes({ item }: { item: MyListing }) {
  const status = item.publishStatus;
  return (
    <>
      {status === REJECTED && item.reviewNote && (
        <p className={styles.note}>驳回原因：{item.reviewNote}</p>
      )}
      {status === TAKEN_DOWN && item.reviewNote && (
        <p className={styles.note}>下架原因：{item.reviewNote}</p>
      )}
      {item.correctionNote && (
        <p className={styles.note}>
          平台整改要求{item.correctionRequestedAt ? `（${dayOf(item.correctionRequestedAt)}）` : ''}
          ：{item.correctionNote}。修改后房源将重新审核。
        </p>
      )}
      {item.confirmDeadline && (
        <p className={styles.ask}>
          请在 {dayOf(item.confirmDeadline)} 前确认房源仍在售，逾期将暂停展示。
        </p>
      )}
      {status === UNCONFIRMED && (
        <p className={styles.note}>逾期未确认在售，房源已暂停展示；确认在售后即恢复展示。</p>
      )}
    </>
  );
}

/**
 * One of the caller's listings with its state, what the owner must act on, and the actions its
 * state allows (docs/product/listings.md). 确认在售 shows when a confirmation is asked for. The
 * title opens the listing's page in every state: a pending one as its preview.
 */
export function MyListingRow({ item, currentYear, onAction }: MyListingRowProps) {
  const age = houseAge(item.age, currentYear);
  const status = item.publishStatus;
  const isAsked = item.confirmDeadline !== null || status === UNCONFIRMED;
  const actions = ACTION_ORDER.filter(
    (action) => canListingDo(status, action) && (action !== 'confirm' || isAsked),
  );
  return (
    <article className={styles.row} aria-label={item.title}>
      <div className={styles.cover}>
        <ImageWithFallback src={item.coverUrl} alt={item.title} />
      </div>
      <div className={styles.body}>
        <h3>
          {/* Any state opens the page: published as everyone sees it, otherwise the owner's preview. */}
          <Link to={listingHref(item)}>{item.title}</Link>
          <Tag color={STATUS_COLOR[status]}>{listingStatusLabel(status)}</Tag>
        </h3>
        <p>
          <span>{item.directionStr}</span>
          <span>{item.decoratesStr}</span>
          {age !== null && <span>房龄{age}年</span>}
          <span>
            [{item.scVO.areaName}] {item.scVO.address}
          </span>
        </p>
        <p>
          <span>
            发布时间：
            {item.publishTime ? dayjs(item.publishTime).format('YYYY-MM-DD HH:mm') : '未发布'}
          </span>
          {item.checkCode && (
            <span>
              核验码：
              <Link to={paths.verify.getHref({ code: item.checkCode })}>{item.checkCode}</Link>
            </span>
          )}
        </p>
        <StateNotes item={item} />
        <div>
          {item.tagList.map((tag) => (
            <Tag key={tag.id}>{tag.tagName}</Tag>
          ))}
        </div>
      </div>
      <div className={styles.price}>
        <strong>{formatListingPrice(item.type, item.price)}</strong>
        {item.priceSquareMetre !== null && <span>{formatUnitPrice(item.priceSquareMetre)}</span>}
      </div>
      <div className={styles.actions}>
        {actions.map((action) => (
          <Button
            key={action}
            type={action === 'submit' || action === 'confirm' ? 'primary' : 'default'}
            danger={action === 'delete'}
            onClick={() => onAction(action)}
          >
            {ACTION_TEXT[action]}
          </Button>
        ))}
      </div>
    </article>
  );
}
