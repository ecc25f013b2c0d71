/**
 * Options of the generic pages in Chromium: the order search page keeps its search in the URL across a
 * reload, the fuel cards page manages suppliers in a second tab, an employee's page opened straight
 * from the address bar (no list before it) finds the record, and a generic page works in Ukrainian
 * (title, empty state, the form's validation messages, the server's answer in the toast). A session that ends while
 * a dialog holds input asks for the password over the page, and the input is saved afterwards.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi, type ApiSession } from './support/api';
import { text } from './support/locale-text';
import { signIn, useServerAndBrowser } from './support/suite';
import { openScenario, uniqueUser } from './support/scenario';

const suite = useServerAndBrowser();

describe('generic page options', () => {
  let api: ApiSession;
  const user = uniqueUser('pages');

  beforeAll(async () => {
    api = await registerThroughApi(suite.server.url, user);
  });

  it('order search: search first, kept in the URL across a reload', async () => {
    for (let index = 1; index <= 12; index += 1) {
      await api.call('POST', '/orders/store', { cargo_number: `SRCH-${String(index).padStart(3, '0')}`, customer: 'Search Customer AG' });
    }
    const scenario = await openScenario(suite.browser, suite.server.url, 'order-search');
    const { page } = scenario;
    await scenario.step('sign in', () => signIn(page, user));
    const list = page.getByTestId('crud-list-orders');

    await scenario.step('search on the order search page', async () => {
      await page.getByTestId('menu-order-search').click();
      await page.getByTestId('crud-search-card').waitFor();
      await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(text('en', 'pages.orderSearch'));
      await list.getByTestId('crud-search').fill('SRCH-01');
      await list.getByTestId('crud-search').press('Enter');
      await page.waitForURL((url) => url.pathname === '/order-search' && [...url.searchParams.values()].includes('SRCH-01'));
      await expect.poll(() => list.locator('tbody tr.ant-table-row').count()).toBe(3); // SRCH-010 … SRCH-012
    });

    await scenario.step('reload keeps the search', async () => {
      await page.reload();
      await expect.poll(() => list.getByTestId('crud-search').inputValue()).toBe('SRCH-01');
      await expect.poll(() => list.locator('tbody tr.ant-table-row').count()).toBe(3);
    });
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });

  it('fuel cards: suppliers in a second tab of the page', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'fuel-cards-suppliers');
    const { page } = scenario;
    await scenario.step('sign in', () => signIn(page, user));
    await scenario.step('create a supplier in the suppliers tab', async () => {
      await page.goto('/maintenance-fuel-cards');
      await page.getByTestId('crud-list-cards').waitFor();
      await page.getByRole('tab', { name: text('en', 'suppliers.title') }).click();
      const suppliers = page.getByTestId('crud-list-suppliers');
      await suppliers.getByTestId('crud-create').click();
      await page.locator('#suppliers-create_name').fill('Aral Fleet');
      await page.getByRole('button', { name: text('en', 'crud.buttons.save') }).click();
      await suppliers.getByText('Aral Fleet').waitFor();
    });
    const listed = await api.call<{ data: Array<{ name: string }> }>('GET', '/transport/cards/suppliers');
    expect(listed.data.map((supplier) => supplier.name)).toContain('Aral Fleet');
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });

  it('employee page opened straight from the address bar', async () => {
    const companies = await api.call<{ data: Array<{ id: number }> }>('GET', '/companies');
    const companyId = companies.data[0].id;
    const created = await api.call<{ data: { id: number } }>('POST', `/employees/${companyId}/store`, { name: 'Olena', last_name: 'Shevchenko' });
    const scenario = await openScenario(suite.browser, suite.server.url, 'employee-direct');
    const { page } = scenario;
    await scenario.step('sign in', () => signIn(page, user));
    await scenario.step('open the employee by its URL alone', async () => {
      await page.goto(`/personal-main/employee/${created.data.id}`);
      // The employee card (a hand-written screen) finds the employee through the list without `?companyId=`.
      await page.getByTestId('employee-card-name').getByText('Olena Shevchenko').waitFor();
    });
    await scenario.step('the list link carries the company, a reload still works', async () => {
      await page.goto('/personal-main');
      await page.getByTestId(`show-${created.data.id}`).click();
      await page.waitForURL((url) => url.searchParams.get('companyId') === String(companyId));
      await page.reload();
      await page.getByTestId('employee-card-name').getByText('Olena Shevchenko').waitFor();
    });
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });

  it('the orders filter bar names every field in full, in six languages, wide and on a phone (search and filters on one line); a date range typed backwards is kept and said to match nothing', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'filter-placeholders');
    const { page } = scenario;
    await signIn(page, user);
    // A placeholder wider than its input is cut ("Entladedatum: …"); the browser does not report it, so its text
    // is measured in the input's own font.
    const cutPlaceholders = () =>
      page.getByTestId('crud-filters').evaluate((bar) => {
        const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
        return [...bar.querySelectorAll('input[placeholder]')].flatMap((element) => {
          const input = element as HTMLInputElement;
          const style = getComputedStyle(input);
          context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return input.value === '' && context.measureText(input.placeholder).width > room + 1 ? [`${input.placeholder} (${room} px)`] : [];
        });
      });
    for (const language of ['en', 'de', 'uk', 'el', 'es', 'it']) {
      await scenario.step(`${language} wide`, async () => {
        await page.setViewportSize({ width: 1366, height: 850 });
        await page.goto(`/?lng=${language}`);
        await page.getByTestId('filter-unloading_date').first().waitFor();
        expect(await cutPlaceholders()).toEqual([]);
      });
      await scenario.step(`${language} phone`, async () => {
        await page.setViewportSize({ width: 390, height: 844 });
        // The search and the filters' button share one line, within the screen.
        const toggle = page.getByTestId('crud-filters-toggle');
        await toggle.waitFor();
        const [search, button] = [await page.getByTestId('crud-search').boundingBox(), await toggle.boundingBox()];
        expect(Math.abs(search!.y + search!.height / 2 - (button!.y + button!.height / 2))).toBeLessThan(4);
        expect(button!.x + button!.width).toBeLessThanOrEqual(390);
        await toggle.click();
        await page.getByTestId('filter-unloading_date').first().waitFor();
        expect(await cutPlaceholders()).toEqual([]);
      });
    }
    await scenario.step('a date range typed backwards keeps both days and says that nothing can match', async () => {
      await page.setViewportSize({ width: 1366, height: 850 });
      await page.goto('/?lng=it');
      const [from, to] = [page.getByTestId('filter-loading_date').nth(0), page.getByTestId('filter-loading_date').nth(1)];
      await from.click();
      await from.fill('20/05/2025');
      await from.press('Enter');
      await to.fill('01/05/2025');
      await to.press('Enter');
      await page.getByTestId('filter-loading_date-inverted').getByText(text('it', 'crud.filters.dateRangeInverted')).waitFor();
      expect([await from.inputValue(), await to.inputValue()]).toEqual(['20/05/2025', '01/05/2025']);
      await expect.poll(() => decodeURIComponent(page.url())).toContain('[operator]=lte&filters[1][value]=2025-05-01');
    });
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });

  it('a generic list and form speak Ukrainian, messages from the server included', async () => {
    const fresh = uniqueUser('ukrainian');
    await registerThroughApi(suite.server.url, fresh);
    const scenario = await openScenario(suite.browser, suite.server.url, 'generic-ukrainian');
    const { page } = scenario;
    await scenario.step('sign in in Ukrainian', async () => {
      await page.goto('/login?lng=uk');
      // The language is kept once the page has taken it: signIn opens /login again, without the query.
      await page.getByTestId('login-form').getByLabel(text('uk', 'login.fields.login')).waitFor();
      await signIn(page, fresh, fresh.password, 'uk');
    });
    const list = page.getByTestId('crud-list-trailers');
    await scenario.step('the empty list says so in Ukrainian', async () => {
      await page.goto('/trailers');
      await list.getByText(text('uk', 'trailers.empty')).waitFor();
      await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(text('uk', 'trailers.title'));
    });
    await scenario.step('the form’s checks and the server’s answer are in Ukrainian', async () => {
      await list.getByTestId('crud-create').click();
      // The dialog's × too (antd's own word: rc-dialog would say "Close").
      expect(await page.locator('.ant-modal-close').getAttribute('aria-label')).toBe('Закрити');
      await page.getByRole('button', { name: text('uk', 'crud.buttons.save') }).click();
      await page.getByText(text('uk', 'validation.required')).first().waitFor();
      await page.locator('#trailers-create_register_number').fill('AA1234BB');
      await page.locator('#trailers-create_vin').fill('WDB963403');
      await page.getByRole('button', { name: text('uk', 'crud.buttons.save') }).click();
      await page.getByText(text('uk', 'validation.format.vin')).first().waitFor();
      await page.locator('#trailers-create_vin').fill('WDB9634031L123456');
      await page.getByRole('button', { name: text('uk', 'crud.buttons.save') }).click();
      await page.getByText(text('uk', 'crud.created')).first().waitFor();
      await list.getByText('AA1234BB').waitFor();
    });
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });

  it('a session ended under an open form: signed in again over the page, the input kept and saved', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'session-ends');
    const { page } = scenario;
    await scenario.step('sign in', () => signIn(page, user));
    await scenario.step('a supplier half typed when the session is revoked elsewhere', async () => {
      await page.goto('/maintenance-fuel-cards');
      await page.getByRole('tab', { name: text('en', 'suppliers.title') }).click();
      await page.getByTestId('crud-list-suppliers').getByTestId('crud-create').click();
      await page.locator('#suppliers-create_name').fill('Shell Fleet Services');
      // The token ends on the server (a logout in another tab does the same).
      const revoked = await page.evaluate(async () => {
        const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
        const answer = await fetch('/api/logout', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'X-CSRF-Token': sessionStorage.getItem('csrfToken') ?? 'e2e' },
        });
        return answer.status;
      });
      expect(revoked).toBe(200);
      await page.getByRole('button', { name: text('en', 'crud.buttons.save') }).click();
    });
    await scenario.step('asked for the password over the page, not sent away', async () => {
      const dialog = page.getByRole('dialog', { name: text('en', 'login.again.title') });
      await dialog.waitFor();
      await expect(dialog.getByTestId('sign-in-again-login').textContent()).resolves.toContain(user.login);
      // The page behind is out of reach meanwhile, for the keyboard and for a screen reader.
      await expect(page.evaluate(() => document.getElementById('root')?.inert)).resolves.toBe(true);
      // The keyboard is in the password field: typing goes there, not to the dialog's frame.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('sign-in-again-password');
      await page.getByTestId('sign-in-again-password').fill('not the password');
      await page.getByTestId('sign-in-again-submit').click();
      await dialog.getByText(text('en', 'auth.invalidCredentials')).waitFor();
      await page.getByTestId('sign-in-again-password').fill(user.password);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      await expect(page.evaluate(() => document.getElementById('root')?.inert)).resolves.toBe(false);
      expect(new URL(page.url()).pathname).toBe('/maintenance-fuel-cards');
      await expect(page.locator('#suppliers-create_name').inputValue()).resolves.toBe('Shell Fleet Services');
    });
    await scenario.step('saved with one more click', async () => {
      await page.getByRole('button', { name: text('en', 'crud.buttons.save') }).click();
      await page.getByTestId('crud-list-suppliers').getByText('Shell Fleet Services').waitFor();
    });
    const listed = await api.call<{ data: Array<{ name: string }> }>('GET', '/transport/cards/suppliers');
    expect(listed.data.map((supplier) => supplier.name)).toContain('Shell Fleet Services');
    // The refused save (401) and the wrong password (422) are the scenario itself; nothing else went wrong.
    expect(scenario.problems.filter((problem) => !/status of (401|422)\b/.test(problem))).toEqual([]);
    await scenario.close();
  });

  it('a sign-out in another tab: this tab asks for the password, never goes on under another token', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'session-other-tab');
    const { page, context } = scenario;
    await scenario.step('sign in, a second tab of the same browser', () => signIn(page, user));
    const other = await context.newPage();
    await other.goto('/trailers');
    await other.getByTestId('crud-list-trailers').waitFor();
    await scenario.step('a supplier half typed in the first tab', async () => {
      await page.goto('/maintenance-fuel-cards');
      await page.getByRole('tab', { name: text('en', 'suppliers.title') }).click();
      await page.getByTestId('crud-list-suppliers').getByTestId('crud-create').click();
      await page.locator('#suppliers-create_name').fill('Esso Card Services');
    });
    await scenario.step('the second tab signs out', async () => {
      await other.getByTestId('user-menu').click();
      await other.getByTestId('user-menu-logout').click();
      await other.waitForURL((url) => url.pathname === '/login');
    });
    await scenario.step('the first tab asks for the password on Save, and saves after it', async () => {
      await page.getByRole('button', { name: text('en', 'crud.buttons.save') }).click();
      const dialog = page.getByRole('dialog', { name: text('en', 'login.again.title') });
      await dialog.waitFor();
      await page.getByTestId('sign-in-again-password').fill(user.password);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: text('en', 'crud.buttons.save') }).click();
      await page.getByTestId('crud-list-suppliers').getByText('Esso Card Services').waitFor();
    });
    expect(scenario.problems.filter((problem) => !/status of 401\b/.test(problem))).toEqual([]);
    await scenario.close();
  });
});
