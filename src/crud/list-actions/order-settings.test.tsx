/**
 * The orders list's "Order settings" (listActions `order-settings`): administrators only; the dialog shows the
 * tenant's setting as the server has it and changes it with `PUT /api/settings/tenant`.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../../resources';
import { signInForTest } from '../../access/test-session';
import { initTestI18n } from '../../i18n/test-i18n';
import type { RequestOptions } from '../../providers/api-client';
import { createDataProvider, type DataClient } from '../../providers/data-provider';
import { renderWithRefine } from '../test-support';
import { ListActions } from './list-actions';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(async () => {
  await initTestI18n();
});
afterEach(() => cleanup());

function settingsServer() {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  let stored = false;
  const client: DataClient = {
    request: vi.fn((method: string, path: string, options: RequestOptions = {}) => {
      sent.push({ method, path, body: options.body });
      if (method === 'PUT') stored = (options.body as { orders_block_on_compliance: boolean }).orders_block_on_compliance;
      return Promise.resolve({ message: method === 'PUT' ? 'Settings saved' : undefined, data: { orders_block_on_compliance: stored } });
    }) as DataClient['request'],
  };
  return { sent, dataProvider: createDataProvider(client) };
}

const orders = resourceByName('orders');

describe('order settings', () => {
  it('lets an administrator switch on blocking saves with a problem', async () => {
    signInForTest({ administrator: true });
    const { sent, dataProvider } = settingsServer();
    renderWithRefine(<ListActions resource={orders} />, { dataProvider });
    fireEvent.click(await screen.findByTestId('order-settings', {}, { timeout: 10_000 }));
    const toggle = await screen.findByTestId('orders-block-on-compliance', {}, { timeout: 5_000 });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await vi.waitFor(() =>
      expect(sent.find((request) => request.method === 'PUT')).toMatchObject({ path: '/api/settings/tenant', body: { orders_block_on_compliance: true } }),
    );
    await vi.waitFor(() => expect(screen.getByTestId('orders-block-on-compliance').getAttribute('aria-checked')).toBe('true'));
  });

  it('is not offered to a member who is not an administrator', async () => {
    signInForTest({ administrator: false, permissions: ['orders.view', 'orders.create'] });
    const { sent, dataProvider } = settingsServer();
    renderWithRefine(<ListActions resource={orders} />, { dataProvider });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByTestId('order-settings')).toBeNull();
    expect(sent).toEqual([]);
  });
});
