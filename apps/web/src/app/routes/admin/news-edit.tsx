import { useSearchParams } from 'react-router';
import { NewsEditor } from '../../../features/news/admin/news-editor';

/** /admin/news/edit[?id=]: write a new article or edit one. */
export default function AdminNewsEditRoute() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const articleId = Number.isInteger(id) && id > 0 ? id : undefined;
  return <NewsEditor key={articleId ?? 'new'} id={articleId} />;
}
