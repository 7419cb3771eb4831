import { Suspense, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { lazyNamed } from '../lib/deferred';
import { reportClientError } from '../lib/report-client-error';

// The 404/500 body (antd Result) loads only when an error is shown.
const ErrorResult = lazyNamed(() => import('../components/error-result'), 'ErrorResult');

/** Error element of the route map: 404 responses show the 404 page, anything else the 500 page. */
export function RouteError() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (isNotFound) return;
    const isChunk =
      error instanceof Error &&
      /dynamically imported module|Importing a module script/i.test(error.message);
    reportClientError(isChunk ? 'chunk-load' : 'runtime', error);
  }, [error, isNotFound]);
  return (
    <Suspense fallback={null}>
      <ErrorResult kind={isNotFound ? 'notFound' : 'serverError'} />
    </Suspense>
  );
}
