import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { formatUnitPrice } from '@portal/shared/format';
import type { ListingCard } from '@portal/shared/schemas/listings';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { paths } from '../../../config/paths';
import { formatListingPrice, houseAge, layoutText } from '../lib/listing-filters';
import styles from './listing-list-item.module.css';

/** The detail page of a listing: detailscs for sale, detailscz for rent. */
export function listingHref(listing: { id: number; type: number }): string {
  return listing.type === LISTING_TYPE.SALE
    ? paths.detailscs.getHref({ id: listing.id })
    : paths.detailscz.getHref({ id: listing.id });
}

/** One row of /secondhandhouse. */
export function ListingListItem({
  item,
  currentYear,
  actions,
}: {
  item: ListingCard;
  currentYear: number;
  /** Buttons under the price (the 对比 button of /secondhandhouse). */
  actions?: ReactNode;
}) {
  const href = listingHref(item);
  const age = houseAge(item.age, currentYear);
  return (
    <article className={styles.item} aria-label={item.title}>
      <Link className={styles.cover} to={href} tabIndex={-1} aria-hidden>
        <ImageWithFallback src={item.coverUrl} alt="" />
      </Link>
      <div className={styles.body}>
        <h2 className={styles.title}>
          <Link to={href}>{item.title}</Link>
        </h2>
        <p className={styles.line}>
          <span>{layoutText(item)}</span>
          <span>{item.buildArea}㎡</span>
          <span>{item.directionStr}</span>
          <span>{item.decoratesStr}</span>
          <span>
            {item.floorNum}/{item.totalFloor}层
          </span>
          {age !== null && <span>房龄{age}年</span>}
          {item.rentTypeStr && <span>{item.rentTypeStr}</span>}
        </p>
        <p className={styles.line}>
          [{item.scVO.areaName}] {item.scVO.communityName} · {item.scVO.address}
        </p>
        {item.tagList.length > 0 && (
          <p className={styles.tags}>
            {item.tagList.map((tag) => (
              <Tag key={tag.id} color="blue">
                {tag.tagName}
              </Tag>
            ))}
          </p>
        )}
      </div>
      <div className={styles.price}>
        <strong>{formatListingPrice(item.type, item.price)}</strong>
        {item.type === LISTING_TYPE.SALE && item.priceSquareMetre !== null && (
          <span>单价 {formatUnitPrice(item.priceSquareMetre)}</span>
        )}
        {item.type === LISTING_TYPE.RENT && item.rentPayStr && <span>{item.rentPayStr}</span>}
        {actions}
      </div>
    </article>
  );
}
