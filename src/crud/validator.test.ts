/** The forms check values as the server stores them: text without the white space typed around it. */
import { beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources';
import { initTestI18n } from '../i18n/test-i18n';
import { i18n } from '../i18n/i18n';
import { formSchemaOf } from './schemas';
import type { RJSFSchema } from '@rjsf/utils';
import { formErrorsOf, translateErrors, validatorFor } from './validator';

beforeAll(initTestI18n);

describe('a form’s check', () => {
  const passport = formSchemaOf(resourceByName('passports'), 'create');

  it('takes a passport number typed with spaces around it, as the server does (" AB123456 " is AB123456)', () => {
    expect(formErrorsOf(passport, { number: ' AB123456 ' }, i18n.t).number).toBeUndefined();
  });

  it('still refuses a space inside the number', () => {
    expect(formErrorsOf(passport, { number: 'AB 123456' }, i18n.t).number).toBeDefined();
  });

  it('says of a trailer built in 3025 that the year is later than this year, and not also "at most 2100"', () => {
    const trailer = formSchemaOf(resourceByName('trailers'), 'create');
    const { errors } = validatorFor(trailer).validateFormData({ year_of_production: 3025 }, trailer as RJSFSchema);
    const year = translateErrors(errors, i18n.t).filter((error) => error.property === '.year_of_production');
    expect(year.map((error) => error.message)).toEqual(['The year must not be later than this year']);
  });
});
