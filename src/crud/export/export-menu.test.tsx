/**
 * The Export menu of the generic list: it downloads exactly the list's current query (filters, search,
 * sort, scope, path parameters; no page), shows the progress with a Cancel, saves the file under the
 * server's name, and tells the server's message when the export is refused. Answered at the fetch boundary.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../../resources';
import { signInForTest } from '../../access/test-session';
import { toast } from '../../providers/toast';
import { CrudList } from '../crud-list';
import { json, standardResponses, stubFetch } from '../test-fetch';
import { renderWithRefine, setUpScreenTests } from '../test-support';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();

const trailers = resourceByName('trailers');
const trailerRows = {
  data: [{ id: 5, register_number: 'TR 0101', brand: 'Krone', type: 2 }],
  pagination: { total: 1, currentPage: 2, perPage: 20, lastPage: 2 },
};
const urls = (fetch: ReturnType<typeof stubFetch>) => fetch.mock.calls.map((call) => String(call[0]));
const exportUrls = (fetch: ReturnType<typeof stubFetch>) => urls(fetch).filter((url) => url.includes('/export'));

/** The files handed to the browser to save: the link's name and the file's text. */
let saved: Array<{ name: string; href: string }> = [];
beforeEach(() => {
  standardResponses();
  signInForTest();
  saved = [];
  vi.mocked(toast).mockClear();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});

function csvAnswer(text: string, headers: Record<string, string> = {}) {
  return new Response(text, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', ...headers } });
}

async function chooseExport(format: 'xlsx' | 'csv') {
  fireEvent.click(await screen.findByTestId('crud-export'));
  fireEvent.click(await screen.findByTestId(`crud-export-${format}`));
}

describe('export of a list', () => {
  it('asks for exactly the filters, search and sort the list shows, without its page, and saves the file under the server’s name', async () => {
    const fetch = stubFetch((url) =>
      url.includes('/export')
        ? csvAnswer('Register number\nTR 0101\n', {
            'Content-Disposition': `attachment; filename="trailers-2026-11-26.csv"; filename*=UTF-8''${encodeURIComponent('Anhänger-2026-11-26.csv')}`,
            'X-Export-Rows': '1',
          })
        : json(trailerRows),
    );
    const query =
      '?pageSize=20&currentPage=2&sorters[0][field]=year_of_production&sorters[0][order]=desc' +
      '&filters[0][field]=search&filters[0][operator]=contains&filters[0][value]=TR%200' +
      '&filters[1][field]=type&filters[1][operator]=eq&filters[1][value]=2';
    renderWithRefine(<CrudList resource={trailers} syncWithLocation />, { entries: [`/trailers${query}`], path: '/trailers' });
    expect(await screen.findByText('TR 0101')).toBeTruthy();
    expect(urls(fetch)[0]).toBe('/api/trailers?page=2&perPage=20&sort=year_of_production&order=desc&search=TR+0&type=2');
    await chooseExport('csv');
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(exportUrls(fetch)).toEqual(['/api/trailers/export?format=csv&sort=year_of_production&order=desc&search=TR+0&type=2']);
    expect(saved[0].name).toBe('Anhänger-2026-11-26.csv');
    expect(saved[0].href).toMatch(/^blob:/);
  });

  it('exports a tab’s list with its path parameters and its fixed scope', async () => {
    const fetch = stubFetch((url) =>
      url.includes('/export') ? csvAnswer('a\n') : json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }),
    );
    renderWithRefine(<CrudList resource={resourceByName('company-banks')} params={{ companyId: '7' }} />);
    await chooseExport('xlsx');
    await vi.waitFor(() => expect(exportUrls(fetch)).toEqual(['/api/7/banks/export?format=xlsx']));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    // No name from the server: the resource and the day.
    expect(saved[0].name).toMatch(/^company-banks-\d{4}-\d{2}-\d{2}\.xlsx$/);
    // Bank accounts are not importable: no Import button, even for an administrator.
    expect(screen.queryByTestId('crud-import')).toBeNull();
  });

  it('sends a scoped list’s fixed filters', async () => {
    const fetch = stubFetch((url) =>
      url.includes('/export') ? csvAnswer('a\n') : json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }),
    );
    renderWithRefine(<CrudList resource={resourceByName('repairs')} scope={{ transport_id: 12 }} />);
    await chooseExport('csv');
    await vi.waitFor(() => expect(exportUrls(fetch)).toHaveLength(1));
    expect(exportUrls(fetch)[0]).toMatch(/^\/api\/[^?]+\/export\?format=csv(&sort=\w+&order=\w+)?&transport_id=12$/);
    // The scoped list of an importable resource offers no import (the file's rows would miss the scope).
    expect(screen.queryByTestId('crud-import')).toBeNull();
  });

  it('shows the rows received of the total while it downloads, and Cancel stops it without saving', async () => {
    let signal: AbortSignal | undefined;
    const encoder = new TextEncoder();
    stubFetch((url, init) => {
      if (!url.includes('/export')) return json(trailerRows);
      signal = init.signal ?? undefined;
      // The heading and 40 rows, then nothing more: a long export under way.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(`Register number\n${'TR\n'.repeat(40)}`));
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'X-Export-Rows': '160' } });
    });
    renderWithRefine(<CrudList resource={trailers} />);
    await chooseExport('csv');
    const progress = await screen.findByTestId('crud-export-progress');
    await vi.waitFor(() => expect(progress.textContent).toContain('40 of 160 rows'));
    expect(progress.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('25');
    await act(async () => {
      fireEvent.click(screen.getByTestId('crud-export-cancel'));
      await Promise.resolve();
    });
    expect(signal?.aborted).toBe(true);
    await vi.waitFor(() => expect(screen.queryByTestId('crud-export-progress')).toBeNull());
    expect(saved).toEqual([]);
    expect(vi.mocked(toast)).not.toHaveBeenCalled();
  });

  it('shows an Excel file coming with a spinner, not a full bar, as its rows cannot be counted on the way', async () => {
    stubFetch((url) => {
      if (!url.includes('/export')) return json(trailerRows);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(2048));
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'X-Export-Rows': '2302' } });
    });
    renderWithRefine(<CrudList resource={trailers} />);
    await chooseExport('xlsx');
    const progress = await screen.findByTestId('crud-export-progress');
    await vi.waitFor(() => expect(progress.textContent).toContain('2,302'));
    expect(progress.querySelector('[role="progressbar"]')).toBeNull();
    expect(screen.getByTestId('crud-export-spinner')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('crud-export-cancel'));
      await Promise.resolve();
    });
  });

  it('tells the server’s message when it refuses the export', async () => {
    stubFetch((url) =>
      url.includes('/export') ? json({ message: 'This list cannot be exported', errors: { format: ['Unknown format'] } }, 422) : json(trailerRows),
    );
    renderWithRefine(<CrudList resource={trailers} />);
    await chooseExport('xlsx');
    await vi.waitFor(() => expect(vi.mocked(toast)).toHaveBeenCalledWith('error', 'This list cannot be exported', expect.anything()));
    expect(saved).toEqual([]);
    expect(screen.getByTestId('crud-export').hasAttribute('disabled')).toBe(false);
  });

  it('offers export to a member who may only view the list, and import only to one who may create', async () => {
    signInForTest({ administrator: false, permissions: ['trailers.view'] });
    stubFetch(() => json(trailerRows));
    const { unmount } = renderWithRefine(<CrudList resource={trailers} />);
    expect(await screen.findByTestId('crud-export')).toBeTruthy();
    expect(screen.queryByTestId('crud-import')).toBeNull();
    unmount();
    signInForTest({ administrator: false, permissions: ['trailers.view', 'trailers.create'] });
    renderWithRefine(<CrudList resource={trailers} />);
    expect(await screen.findByTestId('crud-import')).toBeTruthy();
  });
});
