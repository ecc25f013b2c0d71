/**
 * The Handover acts tab of a vehicle (issue 13), answered at the fetch boundary: it asks the fleet's list
 * for this vehicle only, shows its acts without the vehicle column, marks new damages, and "New act" opens
 * the step form for this vehicle; a row opens the act's page.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../crud/test-fetch';
import { renderWithRefine, setUpScreenTests } from '../../crud/test-support';
import { VehicleActsTab } from './vehicle-acts-tab';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();

const act = (id: number, date: string, newDamages: number | null) => ({
  id,
  transport_id: 7,
  date,
  mileage: 101000,
  fuel_remaining: 120,
  vehicle_label: 'Truck 07 (TR007)',
  transferred_by_name: 'Anna Berg',
  received_by_name: 'Oleh Marchenko',
  new_damages: newDamages,
});

describe('the handover acts tab of a vehicle', () => {
  it('lists this vehicle’s acts newest first, and opens a new act for it', async () => {
    const fetch = stubFetch(() =>
      json({ data: [act(12, '2026-03-15', 1), act(11, '2026-03-01', null)], pagination: { total: 2, currentPage: 1, perPage: 10, lastPage: 1 } }),
    );
    renderWithRefine(<VehicleActsTab transportId="7" />);
    await screen.findByTestId('act-link-12');
    const url = new URL(String(fetch.mock.calls[0][0]), 'http://localhost');
    expect(url.pathname).toBe('/api/transport/handover-acts');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', perPage: '10', transport_id: '7' });
    expect(screen.queryByText('Truck 07 (TR007)')).toBeNull();
    expect(screen.getByTestId('act-new-damages-12').textContent).toBe('1');
    expect(screen.queryByTestId('act-new-damages-11')).toBeNull();
    fireEvent.click(screen.getByTestId('vehicle-act-new'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/maintenance-acceptance-certificate/new?transport_id=7'));
  });

  it('opens the act’s page from its row', async () => {
    stubFetch(() => json({ data: [act(12, '2026-03-15', 0)], pagination: { total: 1, currentPage: 1, perPage: 10, lastPage: 1 } }));
    renderWithRefine(<VehicleActsTab transportId="7" />);
    fireEvent.click(await screen.findByText('Anna Berg'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/maintenance-acceptance-certificate/7/12'));
  });
});
