import { describe, expect, it } from 'vitest';
import { readHiddenColumns, visibilityKey, visibleColumns, writeHiddenColumns } from './column-visibility';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('the document columns shown', () => {
  it('are every column until some are hidden, and a column added later shows', () => {
    const columns = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(visibleColumns(columns, [])).toEqual(columns);
    expect(visibleColumns(columns, [2])).toEqual([{ id: 1 }, { id: 3 }]);
    expect(visibleColumns([...columns, { id: 4 }], [2])).toEqual([{ id: 1 }, { id: 3 }, { id: 4 }]);
  });

  it('are remembered per company and member', () => {
    const storage = memoryStorage();
    writeHiddenColumns(storage, visibilityKey(1, 10), [2, 3]);
    expect(readHiddenColumns(storage, visibilityKey(1, 10))).toEqual([2, 3]);
    expect(readHiddenColumns(storage, visibilityKey(1, 11))).toEqual([]);
    expect(readHiddenColumns(storage, visibilityKey(2, 10))).toEqual([]);
  });

  it('fall back to every column when the stored choice is broken or storage is blocked', () => {
    const storage = memoryStorage();
    storage.setItem(visibilityKey(1, 10), '{not json');
    expect(readHiddenColumns(storage, visibilityKey(1, 10))).toEqual([]);
    storage.setItem(visibilityKey(1, 10), '[1,"x",2.5,3]');
    expect(readHiddenColumns(storage, visibilityKey(1, 10))).toEqual([1, 3]);
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readHiddenColumns(blocked, 'key')).toEqual([]);
    expect(() => writeHiddenColumns(blocked, 'key', [1])).not.toThrow();
  });
});
