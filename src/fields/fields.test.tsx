import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../crud/test-fetch';
import { TestRefine } from '../crud/test-support';
import { initTestI18n } from '../i18n/test-i18n';
import { booleanKind } from './boolean';
import { countryKind } from './country';
import { currencyKind } from './currency';
import { dateKind } from './date';
import { daysLeftKind } from './days-left';
import { enumKind } from './enum';
import { fileKind, isTooLarge, maxFileBytes } from './file';
import { formatIban, ibanKind } from './iban';
import { listKind } from './list';
import { numberKind } from './number';
import { objectKind } from './object';
import { passwordKind } from './password';
import { phoneKind } from './phone';
import { referenceKind } from './reference';
import { fieldKindOf, fieldKinds, findFieldKind, rjsfWidgets } from './registry';
import { textKind } from './text';
import { textareaKind } from './textarea';
import type { FieldKind, PropertySchema, WidgetProps } from './types';
import { warningsKind } from './warnings';
import { webAddressKind } from './web-address';

vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function display(kind: FieldKind, value: unknown, schema: PropertySchema, view?: 'list' | 'show', record?: Record<string, unknown>) {
  const { Display } = kind;
  return render(
    <span data-testid="cell">
      <Display value={value} schema={schema} field="f" view={view} record={record} />
    </span>,
  );
}
const cell = () => screen.getByTestId('cell').textContent;

describe('field kind matching (priority order)', () => {
  const cases: Array<[PropertySchema, FieldKind]> = [
    [{ type: 'string' }, textKind],
    [{ type: 'string', format: 'email' }, textKind],
    [{ type: 'string', 'x-widget': 'textarea' }, textareaKind],
    [{ type: 'integer', 'x-unit': 'km' }, numberKind],
    [{ type: 'number' }, numberKind],
    [{ type: 'string', format: 'date' }, dateKind],
    [{ type: 'integer', 'x-enum': 'fuelType', enum: [1, 2] }, enumKind],
    [{ type: 'string', enum: ['a', 'b'] }, enumKind],
    [{ type: 'string', 'x-ref': { resource: 'companies' } }, referenceKind],
    [{ type: 'integer', 'x-ref': { resource: 'companies' } }, referenceKind],
    [{ type: 'boolean' }, booleanKind],
    [{ type: 'string', format: 'phone', 'x-widget': 'phone' }, phoneKind],
    [{ type: 'string', format: 'phone' }, phoneKind],
    [{ type: 'string', format: 'web-address' }, webAddressKind],
    [{ type: 'string', format: 'iban', 'x-widget': 'iban' }, ibanKind],
    [{ type: 'string', 'x-widget': 'password' }, passwordKind],
    [{ type: 'string', 'x-widget': 'country' }, countryKind],
    [{ type: 'string', 'x-widget': 'currency' }, currencyKind],
    [{ type: 'string', 'x-widget': 'file' }, fileKind],
    [{ type: 'array', 'x-widget': 'files', items: { type: 'object' } }, fileKind],
    [{ type: 'array', items: { type: 'string' } }, listKind],
    [{ type: 'object', properties: {} }, objectKind],
    [{ type: 'integer', readOnly: true, 'x-widget': 'days-left' }, daysLeftKind],
  ];
  it.each(cases.map(([schema, kind]) => [JSON.stringify(schema), kind.name, schema, kind] as const))('%s → %s', (_text, _name, schema, kind) => {
    expect(findFieldKind(schema)).toBe(kind);
  });

  it('has unique names and a widget for every kind that is not drawn by RJSF itself', () => {
    const names = fieldKinds.map((kind) => kind.name);
    expect(new Set(names).size).toBe(names.length);
    // RJSF draws lists and objects itself; server-derived warnings and days left are readOnly, never in a form.
    expect(Object.keys(rjsfWidgets()).sort()).toEqual(
      names.filter((name) => name !== 'list' && name !== 'object' && name !== 'warnings' && name !== 'days-left').sort(),
    );
    expect(fieldKindOf({ type: 'string' })).toBe(textKind);
  });
});

describe('field kind displays', () => {
  it('text, textarea and a blank value', () => {
    display(textKind, 'Acme', { type: 'string' });
    expect(cell()).toBe('Acme');
    cleanup();
    display(textareaKind, null, { type: 'string' });
    expect(cell()).toBe('—');
  });

  it('numbers with their translated unit', () => {
    display(numberKind, 1200, { type: 'integer', 'x-unit': 'km' });
    expect(cell()).toBe('1,200 km');
    cleanup();
    display(numberKind, 3, { type: 'number', 'x-unit': 'm3' });
    expect(cell()).toBe('3 m³');
  });

  it('a number stored without a value as the schema default that applies, and blank without one', () => {
    display(numberKind, undefined, { type: 'integer', default: 30 });
    expect(cell()).toBe('30');
    cleanup();
    display(numberKind, 14, { type: 'integer', default: 30 });
    expect(cell()).toBe('14');
    cleanup();
    display(numberKind, null, { type: 'integer' });
    expect(cell()).toBe('—');
  });

  it('an end of validity with its indicator (x-expiry: the days of warning)', () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const ends: PropertySchema = { type: 'string', format: 'date', 'x-expiry': 30 };
    display(dateKind, day(-2), ends);
    expect(cell()).toBe(`${day(-2)} Expired`);
    cleanup();
    display(dateKind, day(10), ends);
    expect(cell()).toBe(`${day(10)} Expiring soon`);
    cleanup();
    display(dateKind, day(90), ends);
    expect(cell()).toBe(`${day(90)} Valid`);
    cleanup();
    display(dateKind, day(90), { type: 'string', format: 'date' });
    expect(cell()).toBe(day(90));
  });

  it('an end of validity whose start (x-not-before) is still ahead: not yet valid, and valid from that day', () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const ends: PropertySchema = { type: 'string', format: 'date', 'x-expiry': 30, 'x-not-before': 'start_date' };
    display(dateKind, day(400), ends, 'list', { start_date: day(27) });
    expect(cell()).toBe(`${day(400)} Not yet valid`);
    cleanup();
    display(dateKind, day(400), ends, 'list', { start_date: day(-1) });
    expect(cell()).toBe(`${day(400)} Valid`);
    cleanup();
    // Ending within its warning days, it says so whatever its start.
    display(dateKind, day(10), ends, 'list', { start_date: day(5) });
    expect(cell()).toBe(`${day(10)} Expiring soon`);
  });

  it('days left in words, an expired one as days ago, never a bare negative number (x-widget: days-left)', () => {
    const daysLeft: PropertySchema = { type: 'integer', readOnly: true, 'x-widget': 'days-left' };
    const shown = (days: unknown) => {
      cleanup();
      display(daysLeftKind, days, daysLeft, 'list');
      return cell();
    };
    expect(shown(5)).toBe('In 5 days');
    expect(shown(1)).toBe('In 1 day');
    expect(shown(0)).toBe('Today');
    expect(shown(-3)).toBe('Expired 3 days ago');
    expect(shown(null)).toBe('—');
  });

  it('warnings in a list as an icon whose tooltip opens on keyboard focus as on hover', async () => {
    display(warningsKind, ['Matteo Melnyk: passport expired'], { type: 'array', readOnly: true, 'x-widget': 'warnings' }, 'list');
    fireEvent.focus(screen.getByTestId('warnings-f'));
    expect((await screen.findByRole('tooltip')).textContent).toContain('Matteo Melnyk: passport expired');
  });

  it('a year without digit grouping (x-grouping: false)', () => {
    display(numberKind, 2015, { type: 'integer', 'x-grouping': false });
    expect(cell()).toBe('2015');
  });

  it('a weight in tonnes on the show page and in kg in a list (x-list-unit)', () => {
    const weight: PropertySchema = { type: 'number', 'x-unit': 't', 'x-list-unit': 'kg' };
    display(numberKind, 12.5, weight, 'show');
    expect(cell()).toBe('12.5 t');
    cleanup();
    display(numberKind, 12.5, weight, 'list');
    expect(cell()).toBe('12,500 kg');
  });

  it('money with its cents always, other numbers as they are', () => {
    display(numberKind, 1234.5, { type: 'number', 'x-unit': 'eur' });
    expect(cell()).toBe('1,234.50 €');
    cleanup();
    display(numberKind, 12, { type: 'number', 'x-unit': 'eur' });
    expect(cell()).toBe('12.00 €');
    cleanup();
    display(numberKind, 1234.5, { type: 'number', 'x-unit': 'km' });
    expect(cell()).toBe('1,234.5 km');
  });

  it('dates as YYYY-MM-DD', () => {
    display(dateKind, '2026-03-04T00:00:00.000Z', { type: 'string', format: 'date' });
    expect(cell()).toBe('2026-03-04');
  });

  it('enumerations with translated labels, the id when a label is missing', async () => {
    const i18n = await initTestI18n();
    i18n.addResource('en', 'translation', 'enums.testKind.1', 'Own');
    display(enumKind, 1, { type: 'integer', 'x-enum': 'testKind' });
    expect(cell()).toBe('Own');
    cleanup();
    display(enumKind, 9, { type: 'integer', 'x-enum': 'testKind' });
    expect(cell()).toBe('9');
  });

  it('yes/no never set as its default, as the filter finds it, and blank without one', () => {
    display(booleanKind, undefined, { type: 'boolean', default: false });
    expect(cell()).toBe('No');
    cleanup();
    display(booleanKind, null, { type: 'boolean', default: true });
    expect(cell()).toBe('Yes');
    cleanup();
    display(booleanKind, undefined, { type: 'boolean' });
    expect(cell()).toBe('—');
  });

  it('yes/no, phone links, IBAN groups of four, passwords never', () => {
    display(booleanKind, true, { type: 'boolean' });
    expect(cell()).toBe('Yes');
    cleanup();
    display(phoneKind, '+49 30 1234567', { type: 'string' });
    expect(screen.getByRole('link').getAttribute('href')).toBe('tel:+49301234567');
    cleanup();
    display(ibanKind, 'de89370400440532013000', { type: 'string' });
    expect(cell()).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('GB82 WEST 1234 5698 7654 32')).toBe('GB82 WEST 1234 5698 7654 32');
    cleanup();
    display(passwordKind, 'secret', { type: 'string' });
    expect(cell()).toBe('—');
  });

  it('a web address as a link that opens in a new tab, and text that is no web address never as a link', () => {
    display(webAddressKind, 'https://maps.example.com/route?a=1', { type: 'string', format: 'web-address' });
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('https://maps.example.com/route?a=1');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
    cleanup();
    display(webAddressKind, 'javascript:alert(1)', { type: 'string', format: 'web-address' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(cell()).toBe('javascript:alert(1)');
    cleanup();
    // Typed in the text widget, with the URL keyboard of a phone.
    const Widget = webAddressKind.Widget!;
    const props = {
      id: 'route_map',
      value: '',
      onChange: vi.fn(),
      onBlur: vi.fn(),
      onFocus: vi.fn(),
      schema: { type: 'string', format: 'web-address' },
      options: {},
    };
    render(<Widget {...(props as unknown as WidgetProps)} />);
    expect(document.getElementById('route_map')?.getAttribute('type')).toBe('url');
  });

  it('countries and currencies with their names from the lookup lists', async () => {
    const fetch = stubFetch((url) =>
      json({ data: url.endsWith('/countries') ? [{ id: 1, iso: 'DE', name: 'Germany' }] : [{ id: 'EUR', code: 'EUR', name: 'Euro' }] }),
    );
    const { Display: Country } = countryKind;
    const { Display: Currency } = currencyKind;
    render(
      <MemoryRouter>
        <TestRefine>
          <span data-testid="country">
            <Country value="DE" schema={{ type: 'string', 'x-widget': 'country' }} field="citizenship" />
          </span>
          <span data-testid="another-country">
            <Country value="DE" schema={{ type: 'string', 'x-widget': 'country' }} field="country" />
          </span>
          <span data-testid="currency">
            <Currency value="EUR" schema={{ type: 'string', 'x-widget': 'currency' }} field="currency" />
          </span>
        </TestRefine>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('country').textContent).toBe('Germany (DE)'));
    expect(screen.getByTestId('another-country').textContent).toBe('Germany (DE)');
    await waitFor(() => expect(screen.getByTestId('currency').textContent).toBe('Euro (EUR)'));
    // one request per list, shared by every field that shows it
    expect(fetch.mock.calls.map(([url]) => String(url)).sort()).toEqual(['/api/countries', '/api/currencies']);
  });

  it('country pickers point their input at the help and error texts', () => {
    stubFetch(() => json({ data: [] }));
    const Widget = countryKind.Widget!;
    const props = { id: 'root_citizenship', value: undefined, onChange: vi.fn(), onBlur: vi.fn(), onFocus: vi.fn(), schema: { type: 'string' }, options: {} };
    render(
      <MemoryRouter>
        <TestRefine>
          <Widget {...(props as unknown as WidgetProps)} />
        </TestRefine>
      </MemoryRouter>,
    );
    expect(document.getElementById('root_citizenship')?.getAttribute('aria-describedby')).toBe(
      'root_citizenship__error root_citizenship__description root_citizenship__help',
    );
  });

  it('files, lists and objects', () => {
    display(fileKind, [{ name: 'scan.pdf' }, { name: 'photo.jpg' }], { type: 'array' });
    expect(cell()).toBe('scan.pdf, photo.jpg');
    cleanup();
    display(listKind, ['fragile', 'ADR'], { type: 'array' });
    expect(cell()).toBe('fragile, ADR');
    cleanup();
    display(listKind, [{ a: 1 }, { a: 2 }], { type: 'array' });
    expect(cell()).toBe('2 items');
    cleanup();
    display(listKind, [{ a: 1 }], { type: 'array' });
    expect(cell()).toBe('1 item');
    cleanup();
    // Sub-records with names (a repair's files) are named, the first three of them.
    display(
      listKind,
      [
        { file_id: 1, file_name: 'invoice.pdf' },
        { file_id: 2, file_name: 'photo.jpg' },
      ],
      { type: 'array' },
    );
    expect(cell()).toBe('invoice.pdf, photo.jpg');
    cleanup();
    display(
      listKind,
      ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name: `${name}.pdf` })),
      { type: 'array' },
    );
    expect(cell()).toBe('a.pdf, b.pdf, c.pdf +2 more');
    cleanup();
    cleanup();
    display(objectKind, { city: 'Kyiv', zip: '' }, { type: 'object' });
    expect(cell()).toBe('city: Kyiv');
  });

  it.each([
    ['text', textKind],
    ['textarea', textareaKind],
  ])('%s past its maxLength keeps every character pasted, marked, with a counter from four fifths of the limit', (_name, kind) => {
    const Widget = kind.Widget!;
    const props = (value: string) =>
      ({
        id: 'brand',
        value,
        onChange: vi.fn(),
        onBlur: vi.fn(),
        onFocus: vi.fn(),
        schema: { type: 'string', maxLength: 50, 'x-widget': 'textarea' },
        options: {},
      }) as unknown as WidgetProps;
    const { rerender, container } = render(<Widget {...props('Krone')} />);
    const field = document.getElementById('brand') as HTMLInputElement;
    // No browser limit that would cut a paste short.
    expect(field.getAttribute('maxlength')).toBeNull();
    expect(container.textContent).not.toContain('/ 50');
    const pasted = 'Krone'.repeat(60);
    const changed = props('Krone');
    rerender(<Widget {...changed} />);
    fireEvent.change(field, { target: { value: pasted } });
    expect(changed.onChange).toHaveBeenLastCalledWith(pasted);
    rerender(<Widget {...props(pasted)} />);
    expect(container.textContent).toContain('300 / 50');
    expect(container.querySelector('[class*="out-of-range"]')).not.toBeNull();
    rerender(<Widget {...props('K'.repeat(40))} />);
    expect(container.textContent).toContain('40 / 50');
    // Characters as the schema's check counts them: an emoji is one.
    rerender(<Widget {...props('🚚'.repeat(45))} />);
    expect(container.textContent).toContain('45 / 50');
    expect(container.querySelector('[class*="out-of-range"]')).toBeNull();
  });

  it('refuses files above 5 MB', () => {
    expect(isTooLarge({ size: maxFileBytes })).toBe(false);
    expect(isTooLarge({ size: maxFileBytes + 1 })).toBe(true);
  });
});
