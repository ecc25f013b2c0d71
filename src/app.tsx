/** The root: router, error boundary, browser title, routes. Nothing here loads antd or Refine. */
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './pages/common/error-boundary';
import { AppRoutes, DocumentTitle } from './routes';

export function App() {
  return (
    <BrowserRouter>
      <ErrorBoundary>
        <DocumentTitle />
        <AppRoutes />
      </ErrorBoundary>
    </BrowserRouter>
  );
}
