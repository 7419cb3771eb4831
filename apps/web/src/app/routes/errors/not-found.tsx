import { ErrorResult } from '../../../components/error-result';

/** /404 and every unknown path (docs/product/site-shell.md). */
export default function NotFoundRoute() {
  return <ErrorResult kind="notFound" />;
}
