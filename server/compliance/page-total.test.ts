import { describe, expect, it } from 'vitest';
import { pageTotal } from './page-total';

const kept = { expired: 10, expiring: 20, missing: 3 };

describe("the compliance page's total, when the kept counts trail a change", () => {
  it('is what a short page ends at, and the state’s count says the same', () => {
    // A missing document filled in: 2 listed, 3 kept.
    expect(pageTotal(kept, 'missing', { page: 1, perPage: 20, items: 2 })).toEqual({ counts: { ...kept, missing: 2 }, total: 2 });
    expect(pageTotal(kept, undefined, { page: 2, perPage: 20, items: 5 })).toEqual({ counts: kept, total: 25 });
  });

  it('is at least what full pages show, and the kept count when that is more', () => {
    expect(pageTotal(kept, 'missing', { page: 1, perPage: 2, items: 2 }).total).toBe(3);
    expect(pageTotal({ ...kept, missing: 1 }, 'missing', { page: 2, perPage: 2, items: 2 }).total).toBe(4);
  });

  it('is 0 for an empty first page, and at most the pages before for an empty later one', () => {
    expect(pageTotal(kept, 'expired', { page: 1, perPage: 20, items: 0 })).toEqual({ counts: { ...kept, expired: 0 }, total: 0 });
    expect(pageTotal({ expired: 0, expiring: 0, missing: 62 }, 'missing', { page: 4, perPage: 20, items: 0 }).total).toBe(60);
    expect(pageTotal(kept, 'missing', { page: 3, perPage: 20, items: 0 }).total).toBe(3);
  });
});
