import { NewsTable } from '../../../features/admin/components/news-table';

/** /admin/news: news and policy articles. */
export default function AdminNewsRoute() {
  return <NewsTable />;
}
