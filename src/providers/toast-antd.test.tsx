/** Where toasts show: bottom right on a wide screen, at the top on a phone's width (clear of the act form's sticky buttons). */
import { notification } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../i18n/test-i18n';
import { showToast } from './toast-antd';

beforeAll(initTestI18n);
afterEach(() => {
  notification.destroy();
  vi.unstubAllGlobals();
});

const narrow = (matches: boolean) => vi.stubGlobal('matchMedia', (query: string) => ({ matches: matches && query.includes('max-width'), media: query }));

describe('a toast', () => {
  it('shows at the top on a phone’s width', async () => {
    narrow(true);
    showToast('error', 'Not found', {});
    await vi.waitFor(() => expect(document.querySelector('.ant-notification-top')?.textContent).toContain('Not found'));
  });

  it('shows bottom right on a wide screen', async () => {
    narrow(false);
    showToast('error', 'Saved elsewhere', {});
    await vi.waitFor(() => expect(document.querySelector('.ant-notification-bottomRight')?.textContent).toContain('Saved elsewhere'));
  });
});
