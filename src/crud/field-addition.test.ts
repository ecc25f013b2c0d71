/**
 * The web half of "an admin adds a field by editing one schema file": a property added to a copy of a
 * schema reaches the show page, the create and edit forms (with its rules, compiled by the same strict
 * ajv as the build uses) and, with x-list, the list — through derivation only, no code.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources';
import { createAjv } from '../../validation/create-ajv';
import { enumerationsOf, prepareSchema, type EntitySchema } from '../../validation/prepare-schema';
import { findFieldKind } from '../fields/registry';
import { deriveFormSchema, fieldsOfView } from './form-schema';

const enums = enumerationsOf(JSON.parse(readFileSync('schemas/enums.json', 'utf8')) as Record<string, unknown>);
const orderFile = JSON.parse(readFileSync('schemas/order.json', 'utf8')) as EntitySchema;
const withAddedField = prepareSchema(
  {
    ...orderFile,
    properties: { ...orderFile.properties, customs_reference: { type: 'string', maxLength: 12, 'x-list': true } },
  },
  enums,
);
const orders = resourceByName('orders');

describe('a property added to a schema file', () => {
  it('is on the show page and in both forms', () => {
    expect(fieldsOfView(orders, withAddedField, 'show')).toContain('customs_reference');
    expect(deriveFormSchema(orders, withAddedField, 'create').properties).toHaveProperty('customs_reference');
    expect(deriveFormSchema(orders, withAddedField, 'edit').properties).toHaveProperty('customs_reference');
  });

  it('is drawn by a field kind', () => {
    expect(findFieldKind(withAddedField.properties.customs_reference)?.name).toBe('text');
  });

  it('is checked by its rules in the form', () => {
    const validate = createAjv().compile(deriveFormSchema(orders, withAddedField, 'create'));
    const base = { cargo_number: 'C-1', customer: 'ACME' };
    expect(validate({ ...base, customs_reference: 'ATB-12' })).toBe(true);
    expect(validate({ ...base, customs_reference: 'much too long a reference' })).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/customs_reference');
  });

  it('is a list column when marked x-list, after the columns the resource orders itself', () => {
    const columns = fieldsOfView(orders, withAddedField, 'list');
    expect(columns.slice(0, orders.views!.list!.length)).toEqual(orders.views!.list);
    expect(columns.at(-1)).toBe('customs_reference');
    expect(fieldsOfView({ ...orders, views: undefined }, withAddedField, 'list')).toContain('customs_reference');
  });
});
