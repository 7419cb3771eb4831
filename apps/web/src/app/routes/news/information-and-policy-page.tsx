import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import {
  NEWS_TABS,
  type NewsTab,
  NewsTabsList,
} from '../../../features/news/components/news-tabs-list';

function readTab(value: string | null): NewsTab {
  return NEWS_TABS.find((tab) => String(tab) === value) ?? NEWS_TABS[0];
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** /informationAndPolicyPage: 政策公示 and 房产资讯 tabs; `type` picks the tab (docs/product/content.md). */
export default function InformationAndPolicyPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const newsType = readTab(searchParams.get('type'));
  const page = readPage(searchParams.get('page'));
  return (
    <>
      <PageTitle>政策资讯</PageTitle>
      <NewsTabsList
        newsType={newsType}
        page={page}
        onChange={(next) => {
          setSearchParams(
            next.page > 1
              ? { type: String(next.newsType), page: String(next.page) }
              : { type: String(next.newsType) },
          );
          window.scrollTo({ top: 0 });
        }}
      />
    </>
  );
}
