import { StarFilled, StarOutlined } from '@ant-design/icons';
import { NEWS_TYPE_LABEL, type NewsType } from '@portal/shared/constants/news';
import { NEWS_RICH_TEXT } from '@portal/shared/html/allow-lists';
import type { NewsDetail } from '@portal/shared/schemas/news';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { authStore, useAuth } from '../../../lib/auth-store';
import { toSafeHtml } from '../../../lib/safe-html';
import { useToggleNewsFavourite } from '../api/toggle-news-favourite';
import styles from './news.module.css';

/** The disclaimer and copyright notice under every article (docs/product/content.md). */
export const NEWS_DISCLAIMER =
  '免责声明：本网站转载的资讯仅为传递更多信息，不代表本网站赞同其观点或证实其描述，内容仅供参考，不构成任何投资或购房建议。政策类内容以发布机关的正式文件为准。如涉及作品内容、版权等问题，请与本网站联系。未经许可，任何单位和个人不得复制、转载本网站原创内容。';

/** An article: title, type and modified time, favourite toggle, safe HTML body, disclaimer. */
export function NewsArticle({ article }: { article: NewsDetail }) {
  const isLoggedIn = useAuth((state) => state.isLoggedIn);
  const toggle = useToggleNewsFavourite();
  const html = useMemo(
    () => withDecorativeImages(toSafeHtml(article.content, NEWS_RICH_TEXT)),
    [article.content],
  );
  const typeLabel = NEWS_TYPE_LABEL[article.newsType as NewsType] ?? '';

  const handleToggle = () => {
    if (!isLoggedIn) {
      authStore.setLoginDialogOpen(true);
      return;
    }
    toggle.mutate({ id: article.id, collected: !article.collected });
  };

  return (
    <article className={styles.article}>
      <h1 className={styles.articleTitle}>{article.title}</h1>
      <div className={styles.articleMeta}>
        {typeLabel && <span>{typeLabel}</span>}
        {article.source && <span>来源：{article.source}</span>}
        <time dateTime={article.modifiedTime}>
          {dayjs(article.modifiedTime).format('YYYY-MM-DD HH:mm')}
        </time>
        <Button
          className={styles.favourite}
          icon={article.collected ? <StarFilled /> : <StarOutlined />}
          loading={toggle.isPending}
          onClick={handleToggle}
          aria-pressed={article.collected}
        >
          {article.collected ? '已收藏' : '收藏'}
        </Button>
      </div>
      <div className={styles.articleBody} dangerouslySetInnerHTML={{ __html: html }} />
      <p className={styles.disclaimer}>{NEWS_DISCLAIMER}</p>
    </article>
  );
}

/**
 * A picture the editor saved without a text alternative is shown as decorative (`alt=""`)
 * rather than announced by its file name. Runs on DOMPurify's output, whose tags are
 * well-formed.
 */
export function withDecorativeImages(html: string): string {
  return html.replace(/<img(?![^>]*\salt=)/g, '<img alt=""');
}
