import { describe, expect, it } from 'vitest';
import { identifier, join, sql } from './sql';

describe('SQL fragments', () => {
  it('keeps values out of the text and numbers their placeholders', () => {
    expect(sql`SELECT * FROM users WHERE login = ${"x' OR 1=1"} AND id > ${3}`.render()).toEqual({
      text: 'SELECT * FROM users WHERE login = $1 AND id > $2',
      values: ["x' OR 1=1", 3],
    });
  });

  it('nests fragments and starts numbering after an offset', () => {
    const condition = join([sql`a = ${1}`, sql`b = ${2}`], ' AND ');
    expect(sql`WHERE ${condition} LIMIT ${10}`.render(1)).toEqual({ text: 'WHERE a = $2 AND b = $3 LIMIT $4', values: [1, 2, 10] });
    expect(join([], ', ').render()).toEqual({ text: '', values: [] });
  });

  it('quotes identifiers and refuses anything that is not a plain name', () => {
    expect(sql`SELECT ${identifier('last_name')} FROM ${identifier('users')}`.render().text).toBe('SELECT "last_name" FROM "users"');
    for (const bad of ['users; DROP TABLE x', 'Users', '"q"', '1abc', '']) expect(() => identifier(bad)).toThrow();
  });
});
