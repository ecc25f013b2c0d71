/**
 * Import and export in Chromium (issue 15): the trailers list exported to Excel and to CSV through its
 * Export menu, both files opened in the test and compared with what the list shows; then a CSV of 20
 * employees with 2 bad rows and a column whose heading matches no field: the dry run, the mapping
 * corrected, the 2 errors, "only the valid rows", 18 created, and the list showing them.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi, type ApiSession } from './support/api';
import { text } from './support/locale-text';
import { openScenario, uniqueUser } from './support/scenario';
import { signIn, useServerAndBrowser } from './support/suite';

const suite = useServerAndBrowser();

/** Chooses a format in the list's Export menu and waits for the file the browser saves. */
async function exportAs(page: Page, format: 'xlsx' | 'csv'): Promise<Download> {
  await page.getByTestId('crud-export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`crud-export-${format}`).click()]);
  return download;
}

async function downloaded(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

/** The cells of a worksheet as text, row by row (the heading first); a date cell as `YYYY-MM-DD`. */
function sheetRows(sheet: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cell.value instanceof Date ? cell.value.toISOString().slice(0, 10) : cell.text;
    });
    rows.push(Array.from(cells, (cell) => cell ?? ''));
  });
  return rows;
}

const surnames = [
  'Adler',
  'Bauer',
  'Costa',
  'Dahl',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Hansen',
  'Ivanova',
  'Jensen',
  'Keller',
  'Lindqvist',
  'Moreau',
  'Novak',
  'Olsen',
  'Petrov',
  'Quist',
  'Rossi',
  'Schulz',
  'Tanaka',
];

describe('a manager', () => {
  let api: ApiSession;
  const user = uniqueUser('transfer');

  beforeAll(async () => {
    api = await registerThroughApi(suite.server.url, user);
    await api.call('POST', '/trailers/store', { register_number: 'TR-1001-A', brand: 'Krone', type: 1, year_of_production: 2019 });
    await api.call('POST', '/trailers/store', { register_number: 'TR-1002-B', brand: 'Schmitz', type: 2, year_of_production: 2021 });
    await api.call('POST', '/trailers/store', { register_number: 'ZZ-7000-C', brand: 'Kögel', type: 3 });
  });

  it('exports the trailers list to Excel and to CSV, with the labels and values the list shows', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'export-trailers');
    const { page } = scenario;
    await scenario.step('sign in', () => signIn(page, user));
    const list = page.getByTestId('crud-list-trailers');

    await scenario.step('open the list', async () => {
      await page.getByTestId('menu-trailers').click();
      await list.getByText('TR-1001-A').waitFor();
      await list.getByText(text('en', 'enums.trailerType.1')).first().waitFor();
    });

    await scenario.step('export to Excel', async () => {
      const download = await exportAs(page, 'xlsx');
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await downloaded(download)) as unknown as ArrayBuffer);
      const rows = sheetRows(workbook.worksheets[0]);
      const heading = rows[0];
      for (const field of ['register_number', 'brand', 'type', 'year_of_production']) expect(heading).toContain(text('en', `trailers.fields.${field}`));
      expect(rows).toHaveLength(4);
      const row = (number: string) => Object.fromEntries(heading.map((title, index) => [title, rows.find((cells) => cells.includes(number))?.[index]]));
      expect(row('TR-1001-A')).toMatchObject({
        [text('en', 'trailers.fields.brand')]: 'Krone',
        [text('en', 'trailers.fields.type')]: text('en', 'enums.trailerType.1'),
        [text('en', 'trailers.fields.year_of_production')]: '2019',
      });
      expect(row('ZZ-7000-C')[text('en', 'trailers.fields.type')]).toBe(text('en', 'enums.trailerType.3'));
      // The list's own order (by registration number): the file's rows come in it.
      expect(rows.slice(1).map((cells) => cells[heading.indexOf(text('en', 'trailers.fields.register_number'))])).toEqual([
        'TR-1001-A',
        'TR-1002-B',
        'ZZ-7000-C',
      ]);
    });

    await scenario.step('search, then export the matching rows to CSV', async () => {
      await page.getByTestId('crud-search').fill('TR-100');
      await page.getByTestId('crud-search').press('Enter');
      await list.getByText('ZZ-7000-C').waitFor({ state: 'detached' });
      const download = await exportAs(page, 'csv');
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const records = parse<Record<string, string>>(await downloaded(download), { bom: true, columns: true, skip_empty_lines: true });
      expect(records.map((record) => record[text('en', 'trailers.fields.register_number')])).toEqual(['TR-1001-A', 'TR-1002-B']);
      expect(records[1]).toMatchObject({
        [text('en', 'trailers.fields.brand')]: 'Schmitz',
        [text('en', 'trailers.fields.type')]: text('en', 'enums.trailerType.2'),
      });
    });

    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });

  it('imports 18 of 20 employees after mapping a column and leaving out the 2 bad rows', async () => {
    // "Surname" is no label of the last name in any language: the server cannot match it by itself.
    const lines = surnames.map((surname, index) => {
      const company = index === 6 ? 'Nowhere Transport Ltd' : user.companyName;
      const email = index === 11 ? 'not-an-e-mail' : `${surname.toLowerCase()}@example.com`;
      return `Driver,${surname},${company},${email}`;
    });
    const csv = ['First name,Surname,Company,E-mail', ...lines].join('\n') + '\n';
    const scenario = await openScenario(suite.browser, suite.server.url, 'import-employees');
    const { page } = scenario;
    await scenario.step('sign in', () => signIn(page, user));
    const list = page.getByTestId('crud-list-employees');
    const dialog = page
      .locator('.ant-modal')
      .filter({ has: page.getByTestId('import-file') })
      .or(page.locator('.ant-modal').filter({ has: page.getByTestId('import-review') }));

    await scenario.step('choose the file: the dry run', async () => {
      await page.getByTestId('menu-personal-main').click();
      await list.getByTestId('crud-import').click();
      await page
        .getByTestId('import-file')
        .locator('input[type="file"]')
        .setInputFiles({ name: 'drivers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByTestId('import-review').waitFor();
      await expect.poll(() => page.getByTestId('import-rows').textContent()).toContain('20');
      await expect.poll(() => page.getByTestId('import-mapping-1').textContent()).toContain(text('en', 'importExport.import.doNotImport'));
      expect(await page.getByTestId('import-run').isDisabled()).toBe(true);
    });

    await scenario.step('map "Surname" to the last name and check again: the 2 errors', async () => {
      await page.getByTestId('import-mapping-1').locator('.ant-select').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text('en', 'employees.fields.last_name') })
        .first()
        .click();
      await page.getByTestId('import-recheck').click();
      const errors = page.getByTestId('import-errors');
      await errors.waitFor();
      // Rows of the file: the heading is row 1, so the 7th and 12th employees are rows 8 and 13.
      await page.getByTestId('import-error-8-company_id').waitFor();
      await page.getByTestId('import-error-13-email').waitFor();
      expect(await errors.locator('tbody tr.ant-table-row').count()).toBe(2);
      await expect.poll(() => page.getByTestId('import-valid').textContent()).toContain('18');
      expect(await page.getByTestId('import-run').isDisabled()).toBe(true);
    });

    await scenario.step('import only the valid rows', async () => {
      await page.getByTestId('import-mode-valid').check();
      await expect.poll(() => page.getByTestId('import-run').isDisabled()).toBe(false);
      await page.getByTestId('import-run').click();
      const summary = page.getByTestId('import-summary');
      await summary.waitFor({ timeout: 60_000 });
      expect(await summary.textContent()).toContain(text('en', 'importExport.import.created', { created: 18, rows: 20 }));
      await page.getByTestId('import-close').click();
      await dialog.waitFor({ state: 'detached' }).catch(() => undefined);
    });

    await scenario.step('the list shows them', async () => {
      await list.getByText(text('en', 'crud.total', { count: 18 })).waitFor();
      await list.getByText('Driver Adler').waitFor();
      expect(await list.getByText('Driver Garcia').count()).toBe(0);
    });

    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });
});
