/**
 * A field without labels in `locales/` (an admin added it to a schema file and nothing else) shows its
 * schema `title`, else its name made readable, in every page, form and filter: never a translation key
 * or a raw name. Here the orders' field labels are left out of the English texts.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import english from '../../locales/en/translation.json';
import { resourceByName } from '../../resources';
import { signInForTest } from '../access/test-session';
import { i18n } from '../i18n/i18n';
import { CrudForm } from './crud-form';
import { CrudList } from './crud-list';
import { CrudShow } from './crud-show';
import { readableName, untranslatedLabel } from './field-value';
import { json, stubFetch } from './test-fetch';
import { renderWithRefine } from './test-support';

vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(async () => {
  const texts = structuredClone(english) as { orders: { fields?: unknown } };
  delete texts.orders.fields;
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: texts } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  signInForTest();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const orders = resourceByName('orders');
const order = { _id: 'a1', cargo_number: 'C-1', customer: 'Acme', version: 1 };
// `primary_driver_id` is "Primary driver" in the locale files: here it can only be its readable name.
const readable = ['Cargo number', 'Customer', 'Loading date', 'Primary driver id', 'Price'];
const noKeys = (text: string | null | undefined) => expect(text ?? '').not.toMatch(/orders\.fields|cargo_number|primary_driver_id/);

describe('the label of a field without translations', () => {
  it('is the schema title, else the name made readable', () => {
    expect(readableName('customs_reference')).toBe('Customs reference');
    expect(readableName('companyId')).toBe('Company id');
    expect(readableName('vin')).toBe('Vin');
    expect(untranslatedLabel({ type: 'string', title: 'Customs ref.' }, 'customs_reference')).toBe('Customs ref.');
    expect(untranslatedLabel({ type: 'string' }, 'customs_reference')).toBe('Customs reference');
  });

  it('heads the list columns and names the filters', async () => {
    stubFetch(() => json({ data: [order], pagination: { total: 1, currentPage: 1, perPage: 10, lastPage: 1 } }));
    renderWithRefine(<CrudList resource={orders} />);
    const list = await screen.findByTestId('crud-list-orders');
    await within(list).findByText('Acme');
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    for (const label of readable) expect(headers).toContain(label);
    const filters = screen.getByTestId('crud-filters');
    expect(within(filters).getByLabelText('Customer')).toBeTruthy();
    expect(screen.getByTestId('filter-dangerous_cargo').getAttribute('aria-label')).toBe('Dangerous cargo');
    noKeys(list.textContent);
  });

  it('names the fields of the show page and of the form', async () => {
    stubFetch(() => json({ data: order }));
    renderWithRefine(<CrudShow resource={orders} id="a1" />, { entries: [{ pathname: '/record', state: { record: order } }] });
    const show = await screen.findByTestId('crud-show-orders');
    expect(within(show).getByText('Cargo number')).toBeTruthy();
    expect(within(show).getByText('Primary driver id')).toBeTruthy();
    noKeys(show.textContent);
    cleanup();

    renderWithRefine(<CrudForm resource={orders} mode="create" open onClose={vi.fn()} />);
    const form = (await screen.findByRole('button', { name: 'Save' })).closest('form')!;
    expect(within(form).getByText('Cargo number')).toBeTruthy();
    expect(within(form).getByText('Primary driver id')).toBeTruthy();
    noKeys(form.textContent);
  });
});
