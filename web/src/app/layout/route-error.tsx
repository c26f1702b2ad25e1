import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '@/lib/paths';

export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div role="alert" className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <pre className="mt-4 whitespace-pre-wrap text-sm text-red-700 dark:text-red-400">{detail}</pre>
      <a className="mt-6 inline-block text-blue-700 underline dark:text-blue-300" href={paths.landing.to()}>
        Back to the start page
      </a>
    </div>
  );
}
