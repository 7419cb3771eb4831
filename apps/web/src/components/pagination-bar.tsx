import { Button } from 'antd';
import { useIsPhone } from '../lib/use-media-query';
import styles from './pagination-bar.module.css';

interface PaginationBarProps {
  /** 1-based page being shown. */
  current: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** How many numbered buttons to show around the current page. */
  windowSize?: number;
}

/** Last page number for a total and a page size; never below 1. */
export function lastPageOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The numbered pages to show: a window of `size` pages around `current`, inside 1..last. */
export function pageWindow(current: number, last: number, size: number): number[] {
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), last - size + 1));
  const end = Math.min(last, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}

/** Numbered pages shown at most on a phone, so the pager keeps to one line. */
const PHONE_WINDOW = 3;

/**
 * Pager of list pages: 首页, numbered pages, 下一页, 尾页 (docs/product/site-shell.md), bounded to 1..last; on
 * a phone with fewer numbered pages.
 */
export function PaginationBar({
  current,
  total,
  pageSize,
  onChange,
  windowSize = 5,
}: PaginationBarProps) {
  const isPhone = useIsPhone();
  if (total <= 0) return null;
  const last = lastPageOf(total, pageSize);
  const page = Math.min(Math.max(1, current), last);
  const go = (target: number) => {
    const bounded = Math.min(Math.max(1, target), last);
    if (bounded !== page) onChange(bounded);
  };

  return (
    <nav className={styles.bar} aria-label="分页">
      <Button autoInsertSpace={false} disabled={page === 1} onClick={() => go(1)}>
        首页
      </Button>
      {pageWindow(page, last, isPhone ? Math.min(windowSize, PHONE_WINDOW) : windowSize).map(
        (number) => (
          <Button
            key={number}
            type={number === page ? 'primary' : 'default'}
            aria-label={`第${number}页`}
            aria-current={number === page ? 'page' : undefined}
            onClick={() => go(number)}
          >
            {number}
          </Button>
        ),
      )}
      <Button autoInsertSpace={false} disabled={page === last} onClick={() => go(page + 1)}>
        下一页
      </Button>
      <Button autoInsertSpace={false} disabled={page === last} onClick={() => go(last)}>
        尾页
      </Button>
    </nav>
  );
}
