/**
 * Every widget of the registry points its input (or, for composite widgets, its group) at the field's
 * error text with `aria-describedby`, as @rjsf/antd's own widgets do, so a screen reader reads the error
 * with the field. The form is RJSF's antd theme with the app's widgets, as the generic form draws it.
 */
import Form from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../crud/test-fetch';
import { setUpScreenTests, TestRefine } from '../crud/test-support';
import { fieldKindOf, rjsfWidgets } from './registry';
import type { PropertySchema } from './types';

vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

setUpScreenTests();

/** One property per widget kind of the registry. */
const properties: Record<string, PropertySchema> = {
  text: { type: 'string' },
  textarea: { type: 'string', 'x-widget': 'textarea' },
  number: { type: 'number' },
  date: { type: 'string', format: 'date' },
  enum: { type: 'string', enum: ['a', 'b'] },
  boolean: { type: 'boolean' },
  iban: { type: 'string', format: 'iban' },
  phone: { type: 'string', format: 'phone' },
  password: { type: 'string', 'x-widget': 'password' },
  country: { type: 'string', 'x-widget': 'country' },
  currency: { type: 'string', 'x-widget': 'currency' },
  lookup: { type: 'string', 'x-lookup': 'contracts' },
  lookupNumber: { type: 'integer', 'x-lookup': 'car-models' },
  file: { type: 'string', 'x-widget': 'file' },
  reference: { type: 'integer', 'x-ref': { resource: 'companies' } },
  references: { type: 'array', items: { type: 'integer', 'x-ref': { resource: 'companies' } } },
  permissions: { type: 'array', items: { type: 'string', format: 'permission' } },
};

describe('the field widgets', () => {
  it('each name the error text of their field in aria-describedby, and the element exists with the text', async () => {
    stubFetch(() => json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }));
    const uiSchema: UiSchema = {};
    for (const [field, property] of Object.entries(properties)) {
      const kind = fieldKindOf(property);
      expect(kind.Widget, field).toBeTruthy();
      uiSchema[field] = { 'ui:widget': kind.name };
    }
    const extraErrors = Object.fromEntries(Object.keys(properties).map((field) => [field, { __errors: [`${field} is wrong`] }])) as ErrorSchema;
    render(
      <MemoryRouter>
        <TestRefine>
          <Form
            schema={{ type: 'object', properties } as RJSFSchema}
            uiSchema={uiSchema}
            validator={validator}
            widgets={rjsfWidgets()}
            extraErrors={extraErrors}
            showErrorList={false}
          />
        </TestRefine>
      </MemoryRouter>,
    );
    const undescribed = () =>
      Object.keys(properties).filter((field) => {
        const id = `root_${field}`;
        const described = document.getElementById(id)?.getAttribute('aria-describedby') ?? '';
        return !described.split(' ').includes(`${id}__error`) || document.getElementById(`${id}__error`)?.textContent !== `${field} is wrong`;
      });
    // The file picker is a lazy chunk: it comes a moment later.
    await vi.waitFor(() => expect(undescribed()).toEqual([]));
  });
});
