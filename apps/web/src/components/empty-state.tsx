import { Empty } from 'antd';
import type { ReactNode } from 'react';

export const EMPTY_TEXT = '暂无数据';

interface EmptyStateProps {
  description?: ReactNode;
  /** Optional action under the text, e.g. a link. */
  children?: ReactNode;
  className?: string;
}

/** What an empty list or section shows (docs/product/site-shell.md: 暂无数据). */
export function EmptyState({ description = EMPTY_TEXT, children, className }: EmptyStateProps) {
  return (
    <Empty className={className} image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {children}
    </Empty>
  );
}
