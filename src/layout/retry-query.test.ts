import { describe, expect, it } from 'vitest';
import { retryQuery } from './app-shell';

describe('retrying a failed read', () => {
  it('does not ask again for what the server refused (4xx)', () => {
    expect(retryQuery(0, { statusCode: 404 })).toBe(false);
    expect(retryQuery(0, { statusCode: 403 })).toBe(false);
  });

  it('tries a lost connection or a server error twice more', () => {
    expect(retryQuery(0, { statusCode: 0 })).toBe(true);
    expect(retryQuery(1, { statusCode: 503 })).toBe(true);
    expect(retryQuery(2, { statusCode: 503 })).toBe(false);
  });
});
