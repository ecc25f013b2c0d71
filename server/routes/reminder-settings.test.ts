/**
 * `GET`/`PUT /api/profile/reminders`: a member's reminder settings, the defaults until saved, each bad
 * value a 422 on its field in the member's language, and one member's settings never another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { localeText } from '../test-support/locale-text';
import { createMember } from '../test-support/members';
import { startTestApp, type TestApp } from '../test-support/test-app';

const valid = { digest_enabled: true, digest_hour: 6, steps: [14, 3, 0], time_zone: 'Europe/Kyiv', language: 'uk' };

describe.each(databases)('reminder settings on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;

  const get = (token: string) => call(test.app, 'GET', '/api/profile/reminders', undefined, { token });
  const put = (body: unknown, token = owner.token, language?: string) => call(test.app, 'PUT', '/api/profile/reminders', body, { token, language });

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
  });
  afterAll(async () => test?.close());

  it('answers the defaults until the member saves: a daily digest at 07:00 UTC, 30, 14, 7, 1 days before and on the day', async () => {
    const response = await get(owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { digest_enabled: true, digest_hour: 7, steps: [30, 14, 7, 1, 0], time_zone: 'UTC', language: 'en' } });
  });

  it('saves the settings and answers them, steps largest first', async () => {
    const response = await put({ ...valid, steps: [0, 14, 3] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: localeText('en', 'reminders.settings.saved'), data: { ...valid, steps: [14, 3, 0] } });
    expect((await get(owner.token)).json().data).toEqual({ ...valid, steps: [14, 3, 0] });
    // Saved again: replaced, not added.
    expect((await put({ ...valid, digest_enabled: false })).json().data.digest_enabled).toBe(false);
    expect((await get(owner.token)).json().data.digest_enabled).toBe(false);
  });

  it.each([
    ['an hour past 23', { digest_hour: 24 }, 'digest_hour', 'validation.maximum', { limit: 23 }],
    ['a negative hour', { digest_hour: -1 }, 'digest_hour', 'validation.minimum', { limit: 0 }],
    ['an hour as text', { digest_hour: '7' }, 'digest_hour', 'validation.type.integer', {}],
    ['a step past a year', { steps: [400] }, 'steps.0', 'validation.maximum', { limit: 365 }],
    ['a negative step', { steps: [7, -1] }, 'steps.1', 'validation.minimum', { limit: 0 }],
    ['a step twice', { steps: [7, 7] }, 'steps', 'validation.uniqueItems', {}],
    ['eleven steps', { steps: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, 'steps', 'validation.maxItems', { limit: 10 }],
    ['no step', { steps: [] }, 'steps', 'validation.minItems', { limit: 1 }],
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, 'time_zone', 'validation.format.time-zone', {}],
    ['a language not offered', { language: 'fr' }, 'language', 'validation.enum', {}],
    ['a missing switch', { digest_enabled: undefined }, 'digest_enabled', 'validation.required', {}],
    ['an unknown field', { weekly: true }, 'weekly', 'validation.notAllowed', {}],
  ])('refuses %s with a 422 on its field, in the member’s language', async (_case, change, field, key, params) => {
    const response = await put({ ...valid, ...change }, owner.token, 'de');
    expect(response.statusCode, response.body).toBe(422);
    const body = expectErrorShape(response);
    expect(body.message).toBe(localeText('de', 'errors.invalidData'));
    expect(body.errors?.[field]).toEqual([localeText('de', key, params)]);
  });

  it('keeps each member’s settings apart, within a tenant and across tenants', async () => {
    const member = await createMember(test.app, owner.token, { permissions: ['employees.view'] });
    const stranger = await registerUser(test.app);
    await put({ ...valid, digest_hour: 5 }, owner.token);
    expect((await put({ ...valid, digest_hour: 21, language: 'de' }, member.token)).statusCode).toBe(200);
    expect((await get(owner.token)).json().data.digest_hour).toBe(5);
    expect((await get(member.token)).json().data).toMatchObject({ digest_hour: 21, language: 'de' });
    expect((await get(stranger.token)).json().data).toMatchObject({ digest_hour: 7, language: 'en' });
  });

  it('is for signed-in members only', async () => {
    expect((await call(test.app, 'GET', '/api/profile/reminders')).statusCode).toBe(401);
    expect((await call(test.app, 'PUT', '/api/profile/reminders', valid)).statusCode).toBe(401);
  });
});
