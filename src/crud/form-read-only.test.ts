/**
 * The fields a form shows read-only: the validator is blind to those a member may not change (none of their errors
 * stop a save, whichever way ajv names them: a missing top-level field has no leading dot), every other field is still
 * checked; and an edit cannot move a record its path places.
 */
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources';
import { fixedByPath, validatorWithout } from './crud-form';
import { formSchemaOf } from './schemas';
import { validatorFor } from './validator';

describe('the validator without the fields a member may not change', () => {
  it('drops a missing required IBAN of a bank account, and still says a missing bank name', () => {
    const schema = formSchemaOf('company-banks', 'create');
    const blind = validatorWithout(validatorFor(schema), ['iban']);
    const result = blind.validateFormData({ account_name: 'Main', currency: 'EUR' }, schema as RJSFSchema);
    const named = result.errors.map((error) => error.property?.replace(/^\./, ''));
    expect(named).toContain('bank_name');
    expect(named).not.toContain('iban');
    expect(result.errorSchema).not.toHaveProperty('iban');
    expect(
      validatorFor(schema)
        .validateFormData({ account_name: 'Main', currency: 'EUR' }, schema as RJSFSchema)
        .errors.map((error) => error.property),
    ).toContain('iban');
  });

  it('drops a wrongly shaped masked value (its format), whatever the field holds', () => {
    const schema = formSchemaOf('company-banks', 'edit');
    const data = { account_name: 'Main', bank_name: 'Bank', currency: 'EUR', iban: '••••3000' };
    expect(validatorWithout(validatorFor(schema), ['iban']).validateFormData(data, schema as RJSFSchema).errors).toEqual([]);
  });
});

describe('the fields an edit cannot change, as its path places the record', () => {
  it('are an employee’s company (its path names it), a repair’s vehicle (its create path), and none of a trailer’s', () => {
    expect(fixedByPath(resourceByName('employees'))).toEqual(['company_id']);
    expect(fixedByPath(resourceByName('repairs'))).toContain('transport_id');
    expect(fixedByPath(resourceByName('trailers'))).toEqual([]);
  });
});
