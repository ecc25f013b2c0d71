/** Ids of a reference list (`x-lookup`): car models by brand, tracking systems, contract types in the member's language. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../crud/test-fetch';
import { TestRefine } from '../../crud/test-support';
import { initTestI18n } from '../../i18n/test-i18n';
import { fieldKindOf } from '../registry';
import type { PropertySchema, WidgetProps } from '../types';
import { currencyKind } from '../currency';
import { optionsWithin } from '../lookups';
import { lookupListKind } from '.';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const carModel: PropertySchema = { type: 'integer', 'x-lookup': 'car-models' };
const trackingSystem: PropertySchema = { type: 'integer', 'x-lookup': 'tracking-systems' };
const contract: PropertySchema = { type: 'string', 'x-lookup': 'contracts' };

const loadData = {
  cars: {
    models: [
      { id: 1, brand: 'DAF', name: 'XF' },
      { id: 7, brand: 'MAN', name: 'TGX' },
    ],
  },
  tracking_systems: [{ id: 1, name: 'Webfleet' }],
};

function answers(url: string) {
  if (url.endsWith('/app/load-data')) return json({ data: loadData });
  return json({ data: [{ id: 1, country: 'DE', name: 'Employment contract' }] });
}

const inRefine = (children: React.ReactNode) =>
  render(
    <MemoryRouter>
      <TestRefine>{children}</TestRefine>
    </MemoryRouter>,
  );

describe('the lookup field kind', () => {
  it('draws every field that names a reference list', () => {
    for (const schema of [carModel, trackingSystem, contract]) expect(fieldKindOf(schema)).toBe(lookupListKind);
    expect(lookupListKind.match({ type: 'integer' })).toBe(false);
  });

  it('shows an item by its name (a car model with its brand), and a value the list lacks as it is', async () => {
    const fetch = stubFetch(answers);
    const { Display } = lookupListKind;
    inRefine(
      <>
        <span data-testid="model">
          <Display value={7} schema={carModel} field="car_model_id" />
        </span>
        <span data-testid="tracking">
          <Display value={1} schema={trackingSystem} field="tracking_system_id" />
        </span>
        <span data-testid="contract">
          <Display value="1" schema={contract} field="contract_type" />
        </span>
        <span data-testid="typed-in">
          <Display value="Fixed term" schema={contract} field="contract_type" />
        </span>
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('model').textContent).toBe('MAN TGX'));
    expect(screen.getByTestId('tracking').textContent).toBe('Webfleet');
    await waitFor(() => expect(screen.getByTestId('contract').textContent).toBe('Employment contract'));
    expect(screen.getByTestId('typed-in').textContent).toBe('Fixed term');
    // The car models and the tracking systems share one request.
    expect(fetch.mock.calls.map(([url]) => String(url)).sort()).toEqual(['/api/app/load-data', '/api/contracts']);
  });

  it('picks a car model under its brand and hands over its id as a number', async () => {
    stubFetch(answers);
    const onChange = vi.fn();
    const Widget = lookupListKind.Widget!;
    const props = { id: 'model', value: 1, onChange, onBlur: vi.fn(), onFocus: vi.fn(), schema: carModel, options: {} };
    inRefine(<Widget {...(props as unknown as WidgetProps)} />);
    await waitFor(() => expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe('DAF XF'));
    fireEvent.mouseDown(document.getElementById('model')!);
    expect(await screen.findByText('MAN', { selector: '.ant-select-item-group' })).toBeTruthy();
    fireEvent.click(await screen.findByText('MAN TGX', { selector: '.ant-select-item-option-content' }));
    expect(onChange).toHaveBeenLastCalledWith(7);
  });

  it('offers the models of the brand the vehicle form names (any case), and keeps a model of another brand chosen before', async () => {
    stubFetch(answers);
    const Widget = lookupListKind.Widget!;
    const withinBrand: PropertySchema = { ...carModel, 'x-lookup-within': 'car_brand' };
    const registry = { formContext: { formData: { car_brand: 'man ' } } };
    const props = { id: 'model', value: 1, onChange: vi.fn(), onBlur: vi.fn(), onFocus: vi.fn(), schema: withinBrand, options: {}, registry };
    inRefine(<Widget {...(props as unknown as WidgetProps)} />);
    await waitFor(() => expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe('DAF XF'));
    fireEvent.mouseDown(document.getElementById('model')!);
    await screen.findByText('MAN TGX', { selector: '.ant-select-item-option-content' });
    const shown = () => [...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent);
    expect(shown()).toEqual(['DAF XF', 'MAN TGX']);
    cleanup();
    inRefine(<Widget {...({ ...props, value: undefined } as unknown as WidgetProps)} />);
    fireEvent.mouseDown(document.getElementById('model')!);
    await screen.findByText('MAN TGX', { selector: '.ant-select-item-option-content' });
    expect(shown()).toEqual(['MAN TGX']);
  });

  it('finds an item typed without its accents or in another case, as a list search does', async () => {
    stubFetch((url) =>
      url.endsWith('/app/load-data')
        ? json({
            data: {
              ...loadData,
              tracking_systems: [
                { id: 1, name: 'Webfleet' },
                { id: 2, name: 'Škoda Connect' },
                { id: 3, name: 'Ωκεανός' },
              ],
            },
          })
        : answers(url),
    );
    const Widget = lookupListKind.Widget!;
    const props = { id: 'tracking', value: undefined, onChange: vi.fn(), onBlur: vi.fn(), onFocus: vi.fn(), schema: trackingSystem, options: {} };
    inRefine(<Widget {...(props as unknown as WidgetProps)} />);
    const input = document.getElementById('tracking') as HTMLInputElement;
    fireEvent.mouseDown(input);
    await screen.findByText('Webfleet', { selector: '.ant-select-item-option-content' });
    const shown = () => [...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent);
    fireEvent.change(input, { target: { value: 'SKODA' } });
    await waitFor(() => expect(shown()).toEqual(['Škoda Connect']));
    fireEvent.change(input, { target: { value: 'ωκεανος' } });
    await waitFor(() => expect(shown()).toEqual(['Ωκεανός']));
  });

  it('narrows a list to the group named, and leaves it whole for a group the list lacks', () => {
    const options = [
      { value: '1', label: 'DAF XF', group: 'DAF' },
      { value: '7', label: 'MAN TGX', group: 'MAN' },
    ];
    expect(optionsWithin(options, 'daf', undefined)).toEqual([options[0]]);
    expect(optionsWithin(options, 'Tatra', undefined)).toEqual(options);
    expect(optionsWithin(options, '  ', 7)).toEqual(options);
    expect(optionsWithin(options, 'DAF', 7)).toEqual(options);
  });

  it('puts the currency whose code was typed first, so Enter picks the euro for "EUR", not "WIR Euro"', async () => {
    stubFetch(() =>
      json({
        data: [
          { id: 'CHE', code: 'CHE', name: 'WIR Euro' },
          { id: 'EUR', code: 'EUR', name: 'Euro' },
          { id: 'XEU', code: 'XEU', name: 'European Currency Unit' },
        ],
      }),
    );
    const Widget = currencyKind.Widget!;
    const props = { id: 'currency', value: undefined, onChange: vi.fn(), onBlur: vi.fn(), onFocus: vi.fn(), schema: { type: 'string' }, options: {} };
    inRefine(<Widget {...(props as unknown as WidgetProps)} />);
    const input = document.getElementById('currency') as HTMLInputElement;
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'EUR' } });
    await waitFor(() => {
      const shown = [...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent);
      expect(shown[0]).toBe('Euro (EUR)');
    });
  });
});
