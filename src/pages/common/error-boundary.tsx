/**
 * Replaces the view with 'OOPS! SOMETHING WENT WRONG' (translated) when rendering throws, and logs the
 * error to the console (SPEC §2). `resetKey` (the path, in the shell) clears the error on navigation.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  children: ReactNode;
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey?: string;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Fleetdesk caught a rendering error:', error, info.componentStack);
  }

  render() {
    return this.state.error ? <ErrorFallback /> : this.props.children;
  }
}

export function ErrorFallback() {
  const { t } = useTranslation();
  return (
    <div className="fd-error-page" role="alert" data-testid="error-boundary">
      <div className="fd-error-page__code" aria-hidden="true">
        !
      </div>
      <h1 className="fd-error-page__title">{t('errorBoundary.title')}</h1>
      <p className="fd-error-page__text">{t('errorBoundary.description')}</p>
      <div className="fd-error-page__actions">
        <button type="button" className="fd-button fd-button--primary" onClick={() => window.location.reload()}>
          {t('errorBoundary.reload')}
        </button>
        <a className="fd-button" href="/">
          {t('errorBoundary.home')}
        </a>
      </div>
    </div>
  );
}
