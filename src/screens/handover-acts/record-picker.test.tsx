/** The act's vehicle picker in a new account: it says there are none yet and links to where they are added. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../crud/test-fetch';
import { renderWithRefine, setUpScreenTests } from '../../crud/test-support';
import { RecordPicker } from './record-picker';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();

describe('the record picker of a handover act', () => {
  it('says there is no vehicle yet and links to the vehicles, and says "No results" for a search that finds none', async () => {
    stubFetch(() => json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }));
    renderWithRefine(<RecordPicker id="vehicle" resource="transport" value={undefined} onChange={vi.fn()} testId="act-vehicle" />);
    fireEvent.mouseDown(document.getElementById('vehicle')!);
    const none = await screen.findByTestId('act-vehicle-none');
    expect(none.textContent).toContain('No transport yet');
    expect(none.querySelector('a')?.getAttribute('href')).toBe('/transport');
    fireEvent.change(document.getElementById('vehicle')!, { target: { value: 'Volvo' } });
    await waitFor(() => expect(screen.queryByTestId('act-vehicle-none')).toBeNull());
    expect(await screen.findByText('No results')).toBeTruthy();
  });
});
