/**
 * The vehicle page's tabs, answered at the fetch boundary: the header and the tab in the URL, the cards of
 * the vehicle (asked for by its id) detached after a confirmation with the card's version, the repairs tab
 * opened from the URL and scoped to the vehicle, and the delete confirmation saying what goes with it.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../crud/test-fetch';
import { renderWithRefine, setUpScreenTests } from '../../crud/test-support';
import { VehiclePage } from './vehicle-page';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();

const vehicle = { id: 7, board_names: 'Truck 01', registration_number: 'TR-001', mileage: 125000, weight: 12.5, version: 2 };
const card = { card_id: 5, type: 'fuel', serial_number: 'FC-1001', transport_id: 7, days_left: 40, version: 2 };
const page = (data: unknown[]) => json({ data, pagination: { total: data.length, currentPage: 1, perPage: 10, lastPage: 1 } });

function stubServer() {
  return stubFetch((url, init) => {
    if (init.method === 'PUT' || init.method === 'DELETE') return json({ message: 'Done', data: {} });
    if (url.startsWith('/api/transport/show/7')) return json({ data: vehicle });
    if (url.startsWith('/api/transport/7/usage')) return json({ data: { documents: 2, handover_acts: 1, repairs: 3, cards: 1 } });
    if (url.startsWith('/api/delete-impact/transport/7'))
      return json({
        data: [
          { resource: 'repairs', effect: 'deleted', count: 3 },
          { resource: 'orders', effect: 'cleared', count: 9 },
          { resource: 'cards', effect: 'cleared', count: 1 },
        ],
      });
    if (url.startsWith('/api/transport/cards?')) return page(url.includes('transport_id=7') ? [card] : []);
    return page([]);
  });
}

const open = (search = '') => renderWithRefine(<VehiclePage />, { entries: [`/transport/7${search}`], path: '/transport/:id' });
const requested = (fetch: ReturnType<typeof stubFetch>, start: string) =>
  fetch.mock.calls.map((call) => String(call[0])).filter((url) => url.startsWith(start));

describe('the vehicle page', () => {
  it('shows the vehicle’s label, registration and mileage, General info first, every tab of SPEC §2', async () => {
    stubServer();
    open();
    expect((await screen.findByTestId('vehicle-label')).textContent).toBe('Truck 01 (TR-001)');
    expect(screen.getByTestId('vehicle-registration').textContent).toContain('TR-001');
    expect(screen.getByTestId('vehicle-mileage').textContent).toMatch(/125,000\s*km/);
    expect(screen.getByTestId('vehicle-field-weight').textContent).toMatch(/12\.5\s*t/);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['General info', 'Documents', 'Fuel/Road cards', 'Handover acts', 'Repairs and maintenance', 'History']);
  });

  it('writes the open tab into the URL and lists the cards of this vehicle, detaching one after the confirmation', async () => {
    const fetch = stubServer();
    open();
    fireEvent.click(await screen.findByRole('tab', { name: 'Fuel/Road cards' }));
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/transport/7?tab=cards'));
    const list = await screen.findByTestId('vehicle-cards');
    expect(await within(list).findByText('FC-1001')).toBeTruthy();
    expect(requested(fetch, '/api/transport/cards?').some((url) => url.includes('transport_id=7'))).toBe(true);
    fireEvent.click(screen.getByTestId('vehicle-card-detach-5'));
    expect(await screen.findByText('Detach the card?')).toBeTruthy();
    expect(fetch.mock.calls.some((call) => call[1]?.method === 'PUT')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Detach' }).at(-1) as HTMLElement);
    await vi.waitFor(() => {
      const put = fetch.mock.calls.find((call) => call[1]?.method === 'PUT');
      expect(put?.[0]).toBe('/api/transport/cards/update/5');
      expect(JSON.parse(put?.[1].body as string)).toEqual({ transport_id: null, version: 2 });
    });
  });

  it('opens the tab the URL names: the repairs of this vehicle only', async () => {
    const fetch = stubServer();
    open('?tab=repairs');
    await screen.findByTestId('vehicle-repairs');
    await vi.waitFor(() => expect(requested(fetch, '/api/transport/repairs?').some((url) => url.includes('transport_id=7'))).toBe(true));
    expect(screen.getByRole('tab', { name: 'Repairs and maintenance', selected: true })).toBeTruthy();
  });

  it('says what goes with the vehicle before deleting it, then returns to the transport list', async () => {
    const fetch = stubServer();
    open();
    fireEvent.click(await screen.findByTestId('vehicle-delete'));
    const impact = await screen.findByTestId('transport-delete-impact');
    await vi.waitFor(() => expect(within(impact).getByTestId('transport-delete-impact-repairs').textContent).toBe('repair and maintenance reports: 3'));
    expect(within(impact).getByTestId('transport-delete-impact-documents').textContent).toBe('documents with dates or files: 2');
    expect(within(impact).getByTestId('transport-delete-impact-cards').textContent).toBe('Linked cards (1) are detached and kept.');
    // The orders the vehicle drives lose it: said by the generic impact, which leaves what the vehicle's own told.
    const others = await screen.findByTestId('record-delete-impact');
    expect(others.textContent).toBe('Kept, no longer linked to it:Orders: 9');
    expect(screen.getByText('Delete “Truck 01 (TR-001)”?')).toBeTruthy();
    expect(fetch.mock.calls.some((call) => call[1]?.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    await vi.waitFor(() => expect(fetch.mock.calls.find((call) => call[1]?.method === 'DELETE')?.[0]).toBe('/api/transport/destroy/7'));
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/transport'));
  });
});
