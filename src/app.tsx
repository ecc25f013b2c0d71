/**
 * The root: router, error boundary, browser title, routes. Nothing here loads antd or Refine.
 *
 * A data router (`createBrowserRouter`) around the one route table of routes.tsx, so a page with unsaved
 * changes can hold a move to another page and ask first (forms/use-leave-warning.tsx); BrowserRouter cannot.
 */
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorBoundary } from './pages/common/error-boundary';
import { AppRoutes, DocumentTitle } from './routes';

function Root() {
  return (
    <ErrorBoundary>
      <DocumentTitle />
      <AppRoutes />
    </ErrorBoundary>
  );
}

const router = createBrowserRouter([{ path: '*', element: <Root /> }]);

export function App() {
  return <RouterProvider router={router} />;
}
