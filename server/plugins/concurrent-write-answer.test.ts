/** PostgreSQL's refusals of writes that met another, as the answers a member can act on: never a 500. */
import { describe, expect, it } from 'vitest';
import { concurrentWriteAnswer } from './errors';

describe('the answer to a write that met another', () => {
  it('is a 404 when a sub-record’s parent went meanwhile (its foreign key)', () => {
    expect(concurrentWriteAnswer({ code: '23503', constraint: 'r_passports_parent_id_fkey' })).toEqual({ statusCode: 404, key: 'errors.notFound' });
  });

  it('is a 401 when the member was deleted while their request ran', () => {
    for (const constraint of ['r_orders_created_by_fkey', 'r_orders_updated_by_fkey', 'notification_reads_user_id_fkey']) {
      expect(concurrentWriteAnswer({ code: '23503', constraint }), constraint).toEqual({ statusCode: 401, key: 'auth.unauthenticated' });
    }
  });

  it('is a 409 "try again" for another foreign key, a deadlock or a serialization failure', () => {
    for (const error of [{ code: '23503', constraint: 'something_else_fkey' }, { code: '40P01' }, { code: '40001' }]) {
      expect(concurrentWriteAnswer(error), error.code).toEqual({ statusCode: 409, key: 'errors.concurrentChange' });
    }
  });

  it('leaves every other error to the general answer', () => {
    for (const error of [{ code: '23505' }, new Error('boom'), null, undefined, { code: 42 }]) expect(concurrentWriteAnswer(error)).toBeNull();
  });
});
