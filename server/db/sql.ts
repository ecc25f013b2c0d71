/**
 * A tiny SQL fragment builder: `sql\`data @> ${value}\`` keeps values apart from the text, and
 * fragments nest. Rendering numbers the placeholders, so helpers can prepend their own conditions
 * (the tenant's) without the caller counting `$n`.
 */
export class Sql {
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
  ) {}

  /** Text with `$n` placeholders starting after `offset` values, and the values in order. */
  render(offset = 0): { text: string; values: unknown[] } {
    const values: unknown[] = [];
    const text = this.build(values, offset);
    return { text, values };
  }

  private build(values: unknown[], offset: number): string {
    let text = this.strings[0] ?? '';
    this.values.forEach((value, index) => {
      if (value instanceof Sql) text += value.build(values, offset);
      else {
        values.push(value);
        text += `$${offset + values.length}`;
      }
      text += this.strings[index + 1];
    });
    return text;
  }
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  return new Sql([...strings], values);
}

/** Joins fragments with a separator (e.g. `, ` or ` AND `). */
export function join(fragments: Sql[], separator: string): Sql {
  if (fragments.length === 0) return new Sql([''], []);
  return new Sql(['', ...fragments.slice(1).map(() => separator), ''], fragments);
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** A table or column name written in code (never from a request), quoted for safety. */
export function identifier(name: string): Sql {
  if (!IDENTIFIER.test(name)) throw new Error(`Not a valid SQL identifier: "${name}"`);
  return new Sql([`"${name}"`], []);
}
