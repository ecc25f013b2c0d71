/**
 * A create sent again with its Idempotency-Key (a phone's Save retried after the answer was lost) answers the
 * record the first send made instead of making another, on both databases; the key is the member's own, never
 * another tenant's; a refused create leaves it free; the same key on other input is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { en } from '../test-support/locale-text';
import { createMember } from '../test-support/members';
import { startTestApp, type TestApp } from '../test-support/test-app';

const CREATE = '/api/transport/cards/suppliers/store';
const LIST = '/api/transport/cards/suppliers';

describe.each(databases)('Idempotency-Key on a create, on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let keyNumber = 0;
  const newKey = () => `key-${kind}-${Date.now()}-${(keyNumber += 1)}`;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
  });
  afterAll(async () => test?.close());

  const create = (token: string, body: unknown, key?: string) =>
    call(test.app, 'POST', CREATE, body, { token, headers: key ? { 'idempotency-key': key } : {} });
  const suppliersNamed = async (token: string, name: string) => {
    const answer = await call(test.app, 'GET', `${LIST}?perPage=100&search=${encodeURIComponent(name)}`, undefined, { token });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ data: Array<{ id: number; name: string }> }>().data.filter((supplier) => supplier.name === name);
  };

  it('answers the first send’s record to a send repeated with the same key, and stores one', async () => {
    const key = newKey();
    const name = `Shell ${key}`;
    const first = await create(owner.token, { name }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create(owner.token, { name }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<{ data: { id: number } }>().data.id).toBe(first.json<{ data: { id: number } }>().data.id);
    expect(again.json<{ message: string }>().message).toBe(en('crud.created'));
    expect(await suppliersNamed(owner.token, name)).toHaveLength(1);
  });

  it('stores one record for sends with the same key at the same moment', async () => {
    const key = newKey();
    const name = `Aral ${key}`;
    const answers = await Promise.all(Array.from({ length: 4 }, () => create(owner.token, { name }, key)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(answers.map((answer) => answer.json<{ data: { id: number } }>().data.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(await suppliersNamed(owner.token, name)).toHaveLength(1);
  });

  it('makes a record for each send without a key, or with a new key', async () => {
    // Names differ: a supplier's name is the tenant's once (`x-unique`).
    const name = `Esso ${newKey()}`;
    const keys = [undefined, undefined, newKey(), newKey()];
    for (const [index, key] of keys.entries()) expect((await create(owner.token, { name: `${name} ${index}` }, key)).statusCode).toBe(200);
    const made = await Promise.all(keys.map((_, index) => suppliersNamed(owner.token, `${name} ${index}`)));
    expect(made.map((suppliers) => suppliers.length)).toEqual([1, 1, 1, 1]);
  });

  it('leaves the key of a refused create free for the corrected one', async () => {
    const key = newKey();
    const refused = await create(owner.token, { name: '' }, key);
    expect(refused.statusCode, refused.body).toBe(422);
    const name = `Total ${key}`;
    const corrected = await create(owner.token, { name }, key);
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
    expect(await suppliersNamed(owner.token, name)).toHaveLength(1);
  });

  it('refuses the same key on another body, in the member’s language, and stores nothing for it', async () => {
    const key = newKey();
    const name = `Q8 ${key}`;
    expect((await create(owner.token, { name }, key)).statusCode).toBe(200);
    const other = await call(test.app, 'POST', CREATE, { name: `${name} (2)` }, { token: owner.token, headers: { 'idempotency-key': key }, language: 'de' });
    expect(other.statusCode, other.body).toBe(422);
    expect(expectErrorShape(other).message).toContain('Idempotency-Key');
    expect(expectErrorShape(other).message).toMatch(/bereits/);
    expect(await suppliersNamed(owner.token, `${name} (2)`)).toHaveLength(0);
  });

  it('refuses a key that is not one (empty, too long, with spaces or control characters) with a 400', async () => {
    for (const key of ['', 'x'.repeat(256), 'two words', 'tab\there']) {
      const answer = await call(test.app, 'POST', CREATE, { name: 'Never stored' }, { token: owner.token, headers: { 'idempotency-key': key } });
      expect(answer.statusCode, `${JSON.stringify(key)}: ${answer.body}`).toBe(400);
      expect(expectErrorShape(answer).message).toBe(en('errors.idempotencyKeyInvalid'));
    }
    expect(await suppliersNamed(owner.token, 'Never stored')).toHaveLength(0);
  });

  it('keeps each member’s keys their own, and never answers another tenant’s record', async () => {
    const key = newKey();
    const name = `Shared key ${key}`;
    const mine = (await create(owner.token, { name }, key)).json<{ data: { id: number } }>().data.id;
    const member = await createMember(test.app, owner.token, { permissions: ['cards.view', 'cards.create'] });
    // Another name (a supplier's name is the tenant's once): the owner's key would refuse it as another body.
    const theirs = await create(member.token, { name: `${name} (member)` }, key);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<{ data: { id: number } }>().data.id).not.toBe(mine);

    const stranger = await registerUser(test.app);
    const foreign = await create(stranger.token, { name: 'Stranger’s own' }, key);
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.headers['idempotent-replayed']).toBeUndefined();
    expect(foreign.json<{ data: { id: number; name: string } }>().data).toMatchObject({ name: 'Stranger’s own' });
    expect(foreign.json<{ data: { id: number } }>().data.id).not.toBe(mine);
    expect(await suppliersNamed(stranger.token, name)).toHaveLength(0);
    expect(await suppliersNamed(owner.token, name)).toHaveLength(1);
    expect(await suppliersNamed(owner.token, `${name} (member)`)).toHaveLength(1);
  });

  it('answers 404, not another record, when the record the key made was deleted since', async () => {
    const key = newKey();
    const name = `Gone ${key}`;
    const made = (await create(owner.token, { name }, key)).json<{ data: { id: number } }>().data.id;
    const deleted = await call(test.app, 'DELETE', `${LIST}/destroy/${made}`, undefined, { token: owner.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const again = await create(owner.token, { name }, key);
    expect(again.statusCode, again.body).toBe(404);
    expect(await suppliersNamed(owner.token, name)).toHaveLength(0);
  });

  it('forgets a key after a day: the send makes a new record then', async () => {
    const key = newKey();
    const name = `Old ${key}`;
    expect((await create(owner.token, { name }, key)).statusCode).toBe(200);
    await test.database.pool.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`, [key]);
    // Another body: a key still remembered would refuse it (and a supplier's name is the tenant's once).
    const later = await create(owner.token, { name: `${name} later` }, key);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await suppliersNamed(owner.token, name)).toHaveLength(1);
    expect(await suppliersNamed(owner.token, `${name} later`)).toHaveLength(1);
  });
});
