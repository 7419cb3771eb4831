import { ErrorResult } from '../../../components/error-result';

/** /404 and every unknown path (spec 1 §2). */
export default function NotFoundRoute() {
  return <ErrorResult kind="notFound" />;
}
