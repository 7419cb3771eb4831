import { ErrorResult } from '../../../components/error-result';

/** /500 (docs/product/site-shell.md). */
export default function ServerErrorRoute() {
  return <ErrorResult kind="serverError" />;
}
