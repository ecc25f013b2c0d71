/**
 * What a new act starts from for its vehicle, answered at the fetch boundary: a document column starts present only
 * where the vehicle has a document on file; the cards linked to it start present.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../crud/test-fetch';
import { renderWithRefine, setUpScreenTests } from '../../crud/test-support';
import { useOnBoard } from './use-act-prefill';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();

function OnBoard({ transportId }: { transportId: number }) {
  const { items } = useOnBoard(transportId);
  if (!items) return null;
  return (
    <ul data-testid="on-board">
      {items.map((item) => (
        <li key={item.key}>{`${item.name}: ${item.present ? 'present' : 'absent'}`}</li>
      ))}
    </ul>
  );
}

describe('a new act’s documents and cards on board', () => {
  it('start present where the vehicle has a document on file or a card linked, absent where its column is empty or missing', async () => {
    const fetch = stubFetch((url) => {
      if (new URL(url, 'http://localhost').pathname === '/api/transport/documents') {
        const groups = [
          { id: 1, name: 'Inspection', documents: [{ doc_id: 4, end_date: '2027-01-01' }] },
          { id: 2, name: 'Insurance', documents: [] },
          // A cell the vehicle's page shows "Missing" in: a row with no dates nor files.
          { id: 3, name: 'Tachograph', documents: [{ doc_id: 9, state: 'missing', start_date: null, end_date: null, files: [] }] },
        ];
        return json({ data: [{ id: 7, groups }], pagination: { total: 1, currentPage: 1, perPage: 1, lastPage: 1 } });
      }
      return json({ data: [{ card_id: 3, serial_number: 'SH-1', type: 'fuel' }], pagination: { total: 1, currentPage: 1, perPage: 100, lastPage: 1 } });
    });
    renderWithRefine(<OnBoard transportId={7} />);
    const list = await screen.findByTestId('on-board');
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Inspection: present',
      'Insurance: absent',
      'Tachograph: absent',
      'Card SH-1 · Fuel: present',
    ]);
    expect(fetch.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').searchParams.get('transport_id'))).toContain('7');
  });
});
