/**
 * Random bodies to every endpoint never get a 5xx, and every refusal keeps the error shape.
 * Seeded, so a failure names the seed and case that reproduce it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CSRF, expectErrorShape, registerUser, type RegisteredUser } from './test-support/api-client';
import { databases } from './test-support/databases';
import { multipart, PNG } from './test-support/files';
import { startTestApp, type TestApp } from './test-support/test-app';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_722);
const CASES_PER_ENDPOINT = Number(process.env.FUZZ_CASES ?? 40);

/** mulberry32: small, fast, good enough to pick shapes. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, pick };
}

const NASTY_STRINGS = [
  '',
  ' ',
  'a',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u0000',
  'nul\u0000inside',
  '\ud800',
  '💥🚚',
  'مرحبا',
  'e\u0301\u0301\u0301',
  '%00%ff',
  '${jndi:ldap://x}',
  '{{constructor}}',
  '12345678',
  'someone@example.com',
  '+49 30 1234567',
  'validlogin1',
  'x'.repeat(129),
  'y'.repeat(5000),
  '\n\r\t',
];

function valueGenerator(rng: ReturnType<typeof random>) {
  const value = (depth: number): unknown => {
    switch (rng.int(depth > 2 ? 4 : 7)) {
      case 0:
        return rng.pick(NASTY_STRINGS);
      case 1:
        return Array.from({ length: rng.int(40) }, () => String.fromCharCode(32 + rng.int(0x24f))).join('');
      case 2:
        return rng.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 42]);
      case 3:
        return rng.pick([true, false, null]);
      case 4:
        return Array.from({ length: rng.int(4) }, () => value(depth + 1));
      default:
        return Object.fromEntries(
          Array.from({ length: rng.int(4) }, () => [rng.pick(['a', 'login', 'email', 'x-y', 'constructorName', '']), value(depth + 1)]),
        );
    }
  };
  return value;
}

interface Endpoint {
  method: 'POST' | 'PUT' | 'GET';
  url: string;
  fields: string[];
  signedIn: boolean;
}

const ENDPOINTS: Endpoint[] = [
  { method: 'POST', url: '/api/login', fields: ['login', 'password'], signedIn: false },
  { method: 'POST', url: '/api/register', fields: ['login', 'email', 'phone', 'company_name', 'password', 'password_confirmation'], signedIn: false },
  { method: 'POST', url: '/api/forget-password', fields: ['email'], signedIn: false },
  { method: 'POST', url: '/api/update-password', fields: ['token', 'email', 'password', 'password_confirmation'], signedIn: false },
  { method: 'POST', url: '/api/profile/update', fields: ['login', 'name', 'last_name', 'email', 'phone', 'job_position'], signedIn: true },
  { method: 'PUT', url: '/api/profile/update/password', fields: ['current_password', 'password', 'password_confirmation'], signedIn: true },
  { method: 'POST', url: '/api/profile/update/avatar', fields: ['file'], signedIn: true },
  { method: 'GET', url: '/api/profile/show', fields: [], signedIn: true },
  { method: 'PUT', url: '/api/profile/reminders', fields: ['digest_enabled', 'digest_hour', 'steps', 'time_zone', 'language'], signedIn: true },
  { method: 'GET', url: '/api/mail/failed', fields: [], signedIn: true },
  { method: 'GET', url: '/api/health', fields: [], signedIn: false },
  { method: 'POST', url: '/api/logout', fields: [], signedIn: false },
];

function randomBody(rng: ReturnType<typeof random>, fields: string[]): unknown {
  const value = valueGenerator(rng);
  switch (rng.int(4)) {
    case 0:
      return value(0); // any JSON at all
    case 1:
      return Object.fromEntries(fields.filter(() => rng.next() < 0.7).map((field) => [field, value(1)]));
    case 2:
      // Mostly plausible strings, one field odd: reaches past the schema into the handlers.
      return Object.fromEntries(fields.map((field) => [field, rng.next() < 0.8 ? rng.pick(NASTY_STRINGS) : value(1)]));
    default:
      return { ...Object.fromEntries(fields.map((field) => [field, value(1)])), [rng.pick(['extra', 'is_owner', 'tenant_id'])]: value(1) };
  }
}

describe.each(databases)('fuzzed requests on %s', (kind) => {
  let server: TestApp;
  let user: RegisteredUser;

  beforeAll(async () => {
    server = await startTestApp(kind);
    user = await registerUser(server.app);
  });
  afterAll(() => server?.close());

  it.each(ENDPOINTS.map((endpoint, index) => [`${endpoint.method} ${endpoint.url}`, endpoint, index] as const))(
    'never answers 5xx to random bodies: %s',
    async (_name, endpoint, index) => {
      const rng = random(SEED + index);
      for (let run = 0; run < CASES_PER_ENDPOINT; run++) {
        const body = randomBody(rng, endpoint.fields);
        const raw = rng.next() < 0.1;
        const headers: Record<string, string> = {
          ...CSRF,
          'content-type': 'application/json',
          'accept-language': rng.pick(['de', 'xx', 'el;q=abc', '*', ',,,;', 'uk-UA, en;q=0.1']),
        };
        if (endpoint.signedIn) headers.authorization = `Bearer ${user.token}`;
        else if (rng.next() < 0.2) headers.authorization = rng.pick(['Bearer', 'Bearer ' + 'a'.repeat(43), 'Basic xyz', 'Bearer \u00ff']);
        const payload = raw ? rng.pick(['{', '{"a":', 'nul\u0000l', '\u00ff\u00fe', '[]]', '1e999999']) : JSON.stringify(body);
        const response = await server.app.inject({
          method: endpoint.method,
          url: endpoint.url,
          headers,
          payload: endpoint.method === 'GET' ? undefined : payload,
        });
        const where = `seed ${SEED + index}, case ${run}: ${payload.slice(0, 200)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode >= 400) expectErrorShape(response);
      }
      // The signed-in user is still signed in (no random body revoked or broke the session).
      if (endpoint.signedIn) expect((await call(server.app, 'GET', '/api/profile/show', undefined, { token: user.token })).statusCode).toBe(200);
    },
  );

  it('never answers 5xx to random uploads', async () => {
    const rng = random(SEED - 1);
    for (let run = 0; run < 15; run++) {
      const content = Buffer.from(Array.from({ length: rng.int(2000) }, () => rng.int(256)));
      const parts = [
        {
          field: rng.pick(['file', 'file', 'other']),
          fileName: rng.pick(['a.png', '', '../../x', 'ü.gif']),
          content: rng.next() < 0.3 ? Buffer.concat([PNG.subarray(0, 16), content]) : content,
        },
      ];
      const { payload, contentType } = multipart(parts);
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/profile/update/avatar',
        headers: { ...CSRF, authorization: `Bearer ${user.token}`, 'content-type': contentType },
        payload: rng.next() < 0.2 ? payload.subarray(0, rng.int(payload.length)) : payload,
      });
      expect(response.statusCode, `upload case ${run}`).toBeLessThan(500);
    }
  });
});
