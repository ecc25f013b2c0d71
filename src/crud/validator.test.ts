/** The forms check values as the server stores them: text without the white space typed around it. */
import { beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources';
import { initTestI18n } from '../i18n/test-i18n';
import { i18n } from '../i18n/i18n';
import { formSchemaOf } from './schemas';
import { formErrorsOf } from './validator';

beforeAll(initTestI18n);

describe('a form’s check', () => {
  const passport = formSchemaOf(resourceByName('passports'), 'create');

  it('takes a passport number typed with spaces around it, as the server does (" AB123456 " is AB123456)', () => {
    expect(formErrorsOf(passport, { number: ' AB123456 ' }, i18n.t).number).toBeUndefined();
  });

  it('still refuses a space inside the number', () => {
    expect(formErrorsOf(passport, { number: 'AB 123456' }, i18n.t).number).toBeDefined();
  });
});
