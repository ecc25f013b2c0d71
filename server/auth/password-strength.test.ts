import { describe, expect, it } from 'vitest';
import {
  estimatePasswordStrength,
  identifierWords,
  MIN_PASSWORD_SCORE,
  passwordWeakness,
  personalWords,
  weaknessReason,
  withoutIdentifiers,
  type PersonalInfo,
} from './password-strength';

describe('password strength', () => {
  it('finds common words of each language the estimator has, not only English ones', async () => {
    // German, Spanish and Italian words with a digit: weak only if their dictionaries are loaded.
    for (const password of ['Schmetterling1', 'mariposa2000', 'farfalla1234']) {
      const estimate = await estimatePasswordStrength(password, []);
      expect(estimate.score, password).toBeLessThan(MIN_PASSWORD_SCORE);
    }
  });

  it('passes passphrases and the passwords the seeds (README) and tests use, with their accounts', async () => {
    const accounts: Array<[string, PersonalInfo]> = [
      ['fleetdesk-demo-2024', { login: 'demo.dispatcher', email: 'demo@fleetdesk.example', company: 'Nordline Logistics GmbH' }],
      ['fleetdesk-bulk-2024', { login: 'bulk.large.owner', email: 'bulk.large@fleetdesk.example', company: 'Large Haulage GmbH' }],
      ['fleetdesk-small-2024', { login: 'bulk.small.0001', email: 'bulk.small.0001@fleetdesk.example' }],
      ['correct-horse-1', { login: 'user0a1b2c3d4e', email: 'user0a1b2c3d4e@example.com' }],
      ['Correct-horse-9', { login: 'user0a1b2c3d4e', email: 'user0a1b2c3d4e@example.com' }],
    ];
    for (const [password, account] of accounts) expect(await passwordWeakness(password, account), password).toBeNull();
  });

  it('names the reason: personal before common before weak', () => {
    expect(weaknessReason({ score: 1, warning: 'common', personal: true })).toEqual({ key: 'validation.password.personal' });
    expect(weaknessReason({ score: 1, warning: 'similarToCommon', personal: false })).toEqual({ key: 'validation.password.common' });
    expect(weaknessReason({ score: 2, warning: 'straightRow', personal: false })).toEqual({ key: 'validation.password.weak' });
    expect(weaknessReason({ score: 3, warning: 'common', personal: true })).toBeNull();
  });

  it('refuses a password that is only strong thanks to the name in it', async () => {
    const anna = { login: 'anna.dispatch', email: 'anna.b@example.com', name: 'Anna', lastName: 'Bergmann' };
    expect((await estimatePasswordStrength('anna-bergmann-1', personalWords(anna))).score).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
    expect(await passwordWeakness('anna-bergmann-1', anna)).toEqual({ key: 'validation.password.personal' });
    expect(await passwordWeakness('anna-velvet-harbour-9', anna)).toBeNull();
  });

  it('splits what the user is known by into the words to look for', () => {
    expect(personalWords({ login: 'anna.dispatch', email: 'Anna.B@cargo.example' })).toEqual([
      'anna.dispatch',
      'anna',
      'dispatch',
      'anna.b@cargo.example',
      'cargo',
      'example',
    ]);
    // Only the e-mail's local part is the person's: the domain is their company's.
    expect(identifierWords({ login: 'bulk.large.owner', email: 'bulk.large@fleetdesk.example' })).toEqual([
      'bulk.large.owner',
      'bulk.large',
      'large',
      'owner',
      'bulk',
    ]);
    expect(withoutIdentifiers('Bulk-fleetdesk-BULK', ['bulk'])).toBe('-fleetdesk-');
    expect(withoutIdentifiers('a.b+c', ['a.b'])).toBe('+c');
  });
});
