/**
 * The filter bar on a phone folds its filters under one button that counts those set; on a wide screen they stand in
 * the bar. A price range is typed in the member's language: `12,5` in German is 12.5.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../resources';
import { signInForTest } from '../access/test-session';
import { initTestI18n } from '../i18n/test-i18n';
import { ListFilters } from './list-filters';
import { json, stubFetch } from './test-fetch';
import { renderWithRefine } from './test-support';

vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

const orders = resourceByName('orders');

/** happy-dom's window size, which antd's breakpoints read through `matchMedia`. */
function setWindowWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height: 800 });
}

beforeAll(async () => {
  await initTestI18n();
  signInForTest();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setWindowWidth(1024));
  await (await initTestI18n()).changeLanguage('en');
});

function filterBar(filters: Record<string, unknown> = {}, onFilters = vi.fn()) {
  stubFetch(() => json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }));
  renderWithRefine(<ListFilters resource={orders} filters={filters} onFilters={onFilters} onSearch={vi.fn()} />);
  return { bar: screen.getByTestId('crud-filters'), onFilters };
}

describe('the list filters', () => {
  it('filter by a start date alone, typed as the language writes it ("from 01.12.2026": every later day)', async () => {
    await (await initTestI18n()).changeLanguage('de');
    const { bar, onFilters } = filterBar();
    const from = bar.querySelector<HTMLInputElement>('[data-testid="filter-loading_date"] input, input[data-testid="filter-loading_date"]')!;
    fireEvent.mouseDown(from);
    fireEvent.focus(from);
    fireEvent.change(from, { target: { value: '01.12.2026' } });
    fireEvent.keyDown(from, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(from);
    await vi.waitFor(() => expect(onFilters).toHaveBeenLastCalledWith(expect.objectContaining({ loading_date: ['2026-12-01', undefined] })));
  });

  it('keeps a day half typed into a date range while another filter changes (the bar is drawn again)', () => {
    stubFetch(() => json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }));
    function WithCustomer() {
      const [filters, setFilters] = useState<Record<string, unknown>>({});
      return (
        <>
          <button data-testid="customer-typed" onClick={() => setFilters({ customer: 'Ac' })} />
          <ListFilters resource={orders} filters={filters} onFilters={vi.fn()} onSearch={vi.fn()} />
        </>
      );
    }
    renderWithRefine(<WithCustomer />);
    const from = screen
      .getByTestId('crud-filters')
      .querySelector<HTMLInputElement>('[data-testid="filter-loading_date"] input, input[data-testid="filter-loading_date"]')!;
    fireEvent.mouseDown(from);
    fireEvent.focus(from);
    fireEvent.change(from, { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByTestId('customer-typed'));
    expect(from.value).toBe('2026-12-01');
  });

  it('stand in the bar on a wide screen, with no button to unfold them', () => {
    const { bar } = filterBar();
    expect(within(bar).getByTestId('filter-dangerous_cargo')).toBeTruthy();
    expect(within(bar).queryByTestId('crud-filters-toggle')).toBeNull();
  });

  it('fold under a button on a phone, which counts the filters set and unfolds them', async () => {
    act(() => setWindowWidth(390));
    const { bar } = filterBar({ dangerous_cargo: true, price: [undefined, 100], customer: '' });
    const toggle = await within(bar).findByTestId('crud-filters-toggle');
    expect(within(bar).queryByTestId('filter-dangerous_cargo')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Two set: the yes/no and the range with one end; the empty customer text is not a filter.
    expect(bar.querySelector('.ant-badge')?.textContent).toContain('2');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(bar).getByTestId('filter-dangerous_cargo')).toBeTruthy();
    expect(within(bar).getByTestId('crud-search')).toBeTruthy();
  });

  it('read a price range typed with the language’s decimal comma', async () => {
    await (await initTestI18n()).changeLanguage('de');
    const { bar, onFilters } = filterBar();
    const from = within(within(bar).getByTestId('filter-price')).getAllByRole('spinbutton')[0];
    fireEvent.change(from, { target: { value: '12,5' } });
    expect(onFilters).toHaveBeenLastCalledWith({ price: [12.5, undefined] });
  });

  it('bring a range end typed past the field’s bounds back to them when it is left (a price below 0)', () => {
    const { bar, onFilters } = filterBar();
    const from = within(within(bar).getByTestId('filter-price')).getAllByRole('spinbutton')[0];
    fireEvent.change(from, { target: { value: '-5' } });
    fireEvent.blur(from);
    expect(onFilters).toHaveBeenLastCalledWith({ price: [0, undefined] });
  });

  it('say at a price range whose start is past its end that nothing can match', () => {
    const { bar } = filterBar({ price: [3000, 1000] });
    const problem = within(bar).getByTestId('filter-price-inverted');
    expect(problem.textContent).toBe('The start is greater than the end: nothing can match.');
    const [from, to] = within(within(bar).getByTestId('filter-price')).getAllByRole('spinbutton');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(to.getAttribute('aria-describedby')).toBe(problem.id);
  });

  it('say at a date range whose start is past its end, in words for dates, that nothing can match, keeping both days', () => {
    const { bar } = filterBar({ loading_date: ['2025-05-20', '2025-05-01'] });
    const problem = within(bar).getByTestId('filter-loading_date-inverted');
    expect(problem.textContent).toBe('The start date is after the end date: nothing can match.');
    const [from, to] = within(bar).getAllByTestId<HTMLInputElement>('filter-loading_date');
    expect([from.value, to.value]).toEqual(['2025-05-20', '2025-05-01']);
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-describedby')).toBe(problem.id);
  });

  it('say nothing of a range in order, or with one end', () => {
    for (const filters of [
      { price: [1000, 3000] },
      { price: [1000, 1000] },
      { price: [3000, undefined] },
      { loading_date: ['2025-05-01', '2025-05-20'] },
      { loading_date: ['2025-05-20', undefined] },
    ]) {
      const { bar } = filterBar(filters);
      expect(within(bar).queryByTestId(/filter-.*-inverted/)).toBeNull();
      cleanup();
    }
  });
});
