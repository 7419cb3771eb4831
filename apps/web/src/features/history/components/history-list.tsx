import type { HistoryEntry } from '@portal/shared/schemas/history';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { paths } from '../../../config/paths';
import styles from './history.module.css';

const KIND_LABEL: Record<HistoryEntry['kind'], string> = {
  project: '新房',
  sale: '二手房',
  rent: '租房',
};

/** The detail page a history entry opens. */
export function historyHref(entry: Pick<HistoryEntry, 'kind' | 'businessId'>): string {
  const byId = { id: entry.businessId };
  if (entry.kind === 'project') return paths.houseHome.getHref(byId);
  return entry.kind === 'rent' ? paths.detailscz.getHref(byId) : paths.detailscs.getHref(byId);
}

/** Rows of /myHistory: cover, kind, title (a link while public), district, price, view time. */
export function HistoryList({ entries }: { entries: readonly HistoryEntry[] }) {
  return (
    <ol className={styles.list}>
      {entries.map((entry) => {
        const href = historyHref(entry);
        return (
          <li key={`${entry.businessType}-${entry.businessId}`} className={styles.row}>
            <span className={styles.cover}>
              <ImageWithFallback src={entry.coverUrl} alt="" width={120} height={90} />
            </span>
            <div className={styles.body}>
              <h2 className={styles.name}>
                <Tag color={entry.kind === 'project' ? 'blue' : 'green'}>
                  {KIND_LABEL[entry.kind]}
                </Tag>
                {entry.available ? (
                  <Link to={href}>{entry.title}</Link>
                ) : (
                  <span>{entry.title}</span>
                )}
                {!entry.available && <Tag>已下架</Tag>}
              </h2>
              <p className={styles.meta}>
                <span>{entry.districtName}</span>
                <strong className={styles.price}>{entry.priceText}</strong>
              </p>
              <p className={styles.time}>
                浏览于{' '}
                <time dateTime={entry.viewedAt}>
                  {dayjs(entry.viewedAt).format('YYYY-MM-DD HH:mm')}
                </time>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
