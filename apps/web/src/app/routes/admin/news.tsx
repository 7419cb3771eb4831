import { NewsTable } from '../../../features/news/admin/news-table';

/** /admin/news: news and policy articles. */
export default function AdminNewsRoute() {
  return <NewsTable />;
}
