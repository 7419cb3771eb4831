import { canListingDo, listingStatusLabel } from '@portal/shared/constants/listing-status';
import { formatUnitPrice } from '@portal/shared/format';
import type { ListingCard } from '@portal/shared/schemas/listings';
import { Button, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { formatListingPrice, houseAge } from '../lib/listing-filters';
import { listingHref } from './listing-list-item';
import styles from './my-listing-row.module.css';

const STATUS_COLOR: Record<number, string> = {
  1: 'default',
  2: 'processing',
  3: 'success',
  4: 'error',
};

interface MyListingRowProps {
  item: ListingCard;
  currentYear: number;
  onEdit: () => void;
  onSubmit: () => void;
  onWithdraw: () => void;
  onDelete: () => void;
}

/** One of the caller's listings with the actions its state allows (spec 2 §4). */
export function MyListingRow({
  item,
  currentYear,
  onEdit,
  onSubmit,
  onWithdraw,
  onDelete,
}: MyListingRowProps) {
  const age = houseAge(item.age, currentYear);
  const status = item.publishStatus;
  return (
    <article className={styles.row} aria-label={item.title}>
      <div className={styles.cover}>
        <ImageWithFallback src={item.coverUrl} alt={item.title} />
      </div>
      <div className={styles.body}>
        <h3>
          {status === 3 ? <Link to={listingHref(item)}>{item.title}</Link> : item.title}
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
        </p>
        {status === 4 && item.reviewNote && (
          <p className={styles.note}>驳回原因：{item.reviewNote}</p>
        )}
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
        {canListingDo(status, 'edit') && <Button onClick={onEdit}>编辑</Button>}
        {canListingDo(status, 'submit') && (
          <Button type="primary" onClick={onSubmit}>
            提交审核
          </Button>
        )}
        {canListingDo(status, 'withdraw') && <Button onClick={onWithdraw}>撤回</Button>}
        {canListingDo(status, 'delete') && (
          <Button danger onClick={onDelete}>
            删除
          </Button>
        )}
      </div>
    </article>
  );
}
