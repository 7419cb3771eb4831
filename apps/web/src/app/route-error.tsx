import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorResult } from '../components/error-result';

/** Error element of the route map: 404 responses show the 404 page, anything else the 500 page. */
export function RouteError() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return <ErrorResult kind={isNotFound ? 'notFound' : 'serverError'} />;
}
