import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../i18n/test-i18n';
import { ErrorBoundary } from './error-boundary';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Exploding({ explode }: { explode: boolean }) {
  if (explode) throw new Error('wheel came off');
  return <p>the page</p>;
}

describe('error boundary', () => {
  it('replaces a crashed view with the translated message and logs the error to the console', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Exploding explode />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading').textContent).toBe('OOPS! SOMETHING WENT WRONG');
    const logged = consoleError.mock.calls.some((call) => call.some((argument) => argument instanceof Error && argument.message === 'wheel came off'));
    expect(logged).toBe(true);
  });

  it('shows the view when nothing throws', () => {
    render(
      <ErrorBoundary>
        <Exploding explode={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByTestId('error-boundary')).toBeNull();
  });

  it('recovers when the reset key changes (navigating to another page)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <ErrorBoundary resetKey="/transport">
        <Exploding explode />
      </ErrorBoundary>,
    );
    expect(screen.getByTestId('error-boundary')).toBeTruthy();
    rerender(
      <ErrorBoundary resetKey="/trailers">
        <Exploding explode={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('the page')).toBeTruthy();
  });
});
