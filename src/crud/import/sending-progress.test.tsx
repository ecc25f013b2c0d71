import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../i18n/test-i18n';
import { SendingProgress } from './sending-progress';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a file on its way to the server', () => {
  it('shows the share uploaded as a bar', () => {
    render(<SendingProgress dryRun percent={40} />);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.getByTestId('import-progress').textContent).toContain('40');
    expect(screen.queryByTestId('import-working')).toBeNull();
  });

  it('once sent, shows the server at work with the seconds gone by, not a full bar that looks finished', () => {
    vi.useFakeTimers();
    render(<SendingProgress dryRun percent={100} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('import-working').textContent).toContain('Checking');
    act(() => {
      vi.advanceTimersByTime(3_100);
    });
    expect(screen.getByTestId('import-seconds').textContent).toBe(' (3 seconds)');
  });
});
