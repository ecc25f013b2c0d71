/**
 * A resource's `check` (resources/types.ts; orders): the generic form sends its data to the check endpoint
 * once the member stops changing it and lists the answered warnings above Save; a save that answers warnings
 * shows them in a warning notification. A resource without `check` sends nothing of the kind.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../resources';
import { signInForTest } from '../access/test-session';
import { initTestI18n } from '../i18n/test-i18n';
import type { DataClient } from '../providers/data-provider';
import { createDataProvider } from '../providers/data-provider';
import type { RequestOptions } from '../providers/api-client';
import { toast } from '../providers/toast';
import { FormInPlace } from './form-in-place';
import { renderWithRefine } from './test-support';

vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(async () => {
  await initTestI18n();
  signInForTest();
});
afterEach(() => {
  cleanup();
  vi.mocked(toast).mockClear();
});

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

function recordingProvider(answer: (sent: Sent) => unknown) {
  const sent: Sent[] = [];
  const client: DataClient = {
    request: vi.fn((method: string, path: string, options: RequestOptions = {}) => {
      const request = { method, path, body: options.body };
      sent.push(request);
      return Promise.resolve(answer(request));
    }) as DataClient['request'],
  };
  return { sent, dataProvider: createDataProvider(client) };
}

const orders = resourceByName('orders');
/** The form's chunk (RJSF, ajv) loads lazily: the first one takes a while. */
const formLoaded = () => screen.findByTestId('crud-form-save', {}, { timeout: 15_000 });
const warning = { field: 'primary_driver_id', state: 'expiring', message: 'Anna Driver: Licence expires on 2026-12-20, during the trip' };
const order = { _id: 5, cargo_number: 'C-1', customer: 'Acme', loading_date: '2026-12-10', unloading_date: '2026-12-30', primary_driver_id: 3, version: 2 };

describe("the generic form's check", () => {
  it("sends the form's data to the resource's check endpoint and lists the warnings above Save", async () => {
    const { sent, dataProvider } = recordingProvider((request) => (request.path === '/api/orders/check' ? { warnings: [warning] } : { data: [] }));
    renderWithRefine(<FormInPlace resource={orders} mode="edit" record={order} onClose={() => undefined} />, { dataProvider });
    await formLoaded();
    const alert = await screen.findByTestId('crud-check-warnings', {}, { timeout: 3000 });
    expect(within(alert).getByTestId('crud-check-warning-primary_driver_id').textContent).toBe(warning.message);
    const checks = sent.filter((request) => request.path === '/api/orders/check');
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({
      method: 'POST',
      body: { cargo_number: 'C-1', loading_date: '2026-12-10', unloading_date: '2026-12-30', primary_driver_id: 3 },
    });
  });

  it('asks nothing while a field filled in is invalid (an unloading before the loading), which the server would refuse', async () => {
    const { sent, dataProvider } = recordingProvider((request) => (request.path === '/api/orders/check' ? { warnings: [warning] } : { data: [] }));
    const backwards = { ...order, unloading_date: '2026-12-01' };
    renderWithRefine(<FormInPlace resource={orders} mode="edit" record={backwards} onClose={() => undefined} />, { dataProvider });
    await formLoaded();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(sent.filter((request) => request.path === '/api/orders/check')).toHaveLength(0);
    expect(screen.queryByTestId('crud-check-warnings')).toBeNull();
  });

  it('shows nothing when the check answers no warnings or refuses the data', async () => {
    const { sent, dataProvider } = recordingProvider((request) => {
      if (request.path === '/api/orders/check') return Promise.reject(Object.assign(new Error('Invalid'), { status: 422 }));
      return { data: [] };
    });
    renderWithRefine(<FormInPlace resource={orders} mode="edit" record={order} onClose={() => undefined} />, { dataProvider });
    await formLoaded();
    await vi.waitFor(() => expect(sent.some((request) => request.path === '/api/orders/check')).toBe(true), { timeout: 3000 });
    expect(screen.queryByTestId('crud-check-warnings')).toBeNull();
  });

  it('shows the warnings a save answered in a warning notification', async () => {
    const { dataProvider } = recordingProvider((request) => {
      if (request.path === '/api/orders/check') return { warnings: [] };
      if (request.method === 'PUT') return { message: 'Order updated', data: { ...order, version: 3 }, warnings: [warning] };
      return { data: [] };
    });
    renderWithRefine(<FormInPlace resource={orders} mode="edit" record={order} onClose={() => undefined} />, { dataProvider });
    (await formLoaded()).click();
    await vi.waitFor(() =>
      expect(vi.mocked(toast)).toHaveBeenCalledWith('warning', 'Order updated', expect.objectContaining({ description: warning.message })),
    );
  });

  it('sends no check for a resource without one', async () => {
    const { sent, dataProvider } = recordingProvider(() => ({ data: [] }));
    renderWithRefine(<FormInPlace resource={resourceByName('companies')} mode="create" onClose={() => undefined} />, { dataProvider });
    await formLoaded();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(sent.filter((request) => request.path.includes('check'))).toEqual([]);
  });
});
