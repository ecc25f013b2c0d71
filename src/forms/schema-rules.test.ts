import type { FormInstance } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as passwordChangeSchema from 'virtual:request-validator/password-change';
import * as profileSchema from 'virtual:request-validator/profile-update';
import * as registerSchema from 'virtual:request-validator/register';
import { i18n } from '../i18n/i18n';
import { initTestI18n } from '../i18n/test-i18n';
import type { RequestSchema } from './request-validation';
import { applyServerFieldErrors, schemaFieldProps, schemaRules } from './schema-rules';

beforeAll(initTestI18n);

type RuleFactory = (form: { getFieldsValue: (all: true) => Record<string, unknown> }) => {
  required?: boolean;
  validator: (rule: unknown, value: unknown) => Promise<void>;
};

/** Runs a field's antd rule the way antd does: the factory gets the form, the validator the value. */
async function messageFor(schema: RequestSchema, field: string, value: unknown, allValues: Record<string, unknown> = {}): Promise<string | null> {
  const [rule] = schemaRules(schema, field, i18n.t.bind(i18n)) as unknown as RuleFactory[];
  const entity = rule({ getFieldsValue: () => ({ ...allValues, [field]: value }) });
  try {
    await entity.validator({}, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('schema → antd rules', () => {
  it("rejects an empty required field with the server's translated message", async () => {
    expect(await messageFor(registerSchema, 'company_name', '')).toBe('This field is required');
    expect(await messageFor(registerSchema, 'company_name', undefined)).toBe('This field is required');
  });

  it('rejects a register login shorter than 8 characters, with the limit in the message', async () => {
    expect(await messageFor(registerSchema, 'login', 'short')).toBe('Must be at least 8 characters');
  });

  it('accepts a profile login of 6 characters (the profile minimum differs)', async () => {
    expect(await messageFor(profileSchema, 'login', 'driver')).toBeNull();
    expect(await messageFor(profileSchema, 'login', 'drive')).toBe('Must be at least 6 characters');
  });

  it('checks formats with the shared format messages', async () => {
    expect(await messageFor(registerSchema, 'email', 'not-an-email')).toBe('Must be a valid e-mail address');
    expect(await messageFor(registerSchema, 'phone', '12')).toMatch(/^Must be a valid phone number/);
    expect(await messageFor(registerSchema, 'phone', '+49 30 12345678')).toBeNull();
    expect(await messageFor(profileSchema, 'name', 'J0hn')).toBe('Only letters are allowed');
  });

  it('leaves an empty optional field alone', async () => {
    expect(await messageFor(profileSchema, 'phone', '')).toBeNull();
    expect(await messageFor(profileSchema, 'job_position', undefined)).toBeNull();
  });

  it("compares a confirmation with its password through the whole form's values", async () => {
    expect(await messageFor(passwordChangeSchema, 'password_confirmation', 'other-password', { password: 'new-password' })).toBe(
      'The confirmation does not match',
    );
    expect(await messageFor(passwordChangeSchema, 'password_confirmation', 'new-password', { password: 'new-password' })).toBeNull();
  });

  it('marks required fields as required (antd shows the asterisk) and optional ones not', () => {
    const form = { getFieldsValue: () => ({}) };
    const [required] = schemaRules(profileSchema, 'email', i18n.t.bind(i18n)) as unknown as RuleFactory[];
    const [optional] = schemaRules(profileSchema, 'phone', i18n.t.bind(i18n)) as unknown as RuleFactory[];
    expect(required(form).required).toBe(true);
    expect(optional(form).required).toBe(false);
  });

  it('makes a confirmation depend on its password so it re-checks when the password changes', () => {
    expect(schemaFieldProps(passwordChangeSchema, 'password_confirmation', i18n.t.bind(i18n)).dependencies).toEqual(['password']);
    expect(schemaFieldProps(passwordChangeSchema, 'password', i18n.t.bind(i18n)).dependencies).toBeUndefined();
  });

  it('translates into the current language', async () => {
    i18n.addResourceBundle('de', 'translation', { validation: { required: 'Dieses Feld ist erforderlich' } }, true, true);
    await i18n.changeLanguage('de');
    try {
      expect(await messageFor(registerSchema, 'login', '')).toBe('Dieses Feld ist erforderlich');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('applyServerFieldErrors', () => {
  it('puts known fields under the form and returns the others', () => {
    const setFields = vi.fn();
    const rest = applyServerFieldErrors(
      { setFields } as unknown as FormInstance,
      { email: ['This value has already been taken'], token: ['This password reset link is invalid or has expired'] },
      ['email', 'password'],
    );
    expect(setFields).toHaveBeenCalledWith([{ name: 'email', errors: ['This value has already been taken'] }]);
    expect(rest).toEqual(['This password reset link is invalid or has expired']);
  });
});
