/** The keys of creates: another file is another body; a file retried after a failure keeps its key until it is stored. */
import { describe, expect, it } from 'vitest';
import { UploadKeys, valuesSignature } from './idempotency-key';

const file = (content: string, name = 'scan.pdf', lastModified = 1_700_000_000_000) => new File([content], name, { type: 'application/pdf', lastModified });

describe('create keys', () => {
  it('tell files apart in the values (JSON alone writes every file as {})', () => {
    expect(valuesSignature({ type: 'repair', files: [file('a')] })).toBe(valuesSignature({ type: 'repair', files: [file('a')] }));
    expect(valuesSignature({ files: [file('a')] })).not.toBe(valuesSignature({ files: [file('ab')] }));
    expect(valuesSignature({ files: [file('a')] })).not.toBe(valuesSignature({ files: [file('a', 'other.pdf')] }));
    expect(valuesSignature({ files: [file('a')] })).not.toBe(valuesSignature({ files: [file('a'), file('b')] }));
  });

  it('keep a file’s key for its retry, and forget it once the file is stored', () => {
    const keys = new UploadKeys();
    const contract = file('contract');
    const first = keys.keyOf(contract);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.keyOf(file('contract'))).toBe(first);
    expect(keys.keyOf(file('invoice', 'invoice.pdf'))).not.toBe(first);
    keys.stored(contract);
    expect(keys.keyOf(contract)).not.toBe(first);
  });
});
