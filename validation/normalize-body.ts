/**
 * Forms send optional fields left empty as "" or null. For an optional field that means "not given",
 * so it is dropped before validation instead of failing a format check (a blank optional phone).
 * Required fields keep their value and fail with "This field is required".
 */
export interface ObjectSchema {
  required?: string[];
  properties?: Record<string, unknown>;
}

export function dropEmptyOptionalFields(schema: ObjectSchema, body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const required = new Set(schema.required ?? []);
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (!required.has(name) && (value === '' || value === null)) continue;
    // defineProperty, not `result[name] =`: a field named "__proto__" (JSON.parse makes it an own
    // property) must stay data, not become the prototype that later reads would inherit from.
    Object.defineProperty(result, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

interface TextFieldSchema {
  format?: unknown;
  writeOnly?: unknown;
  'x-widget'?: unknown;
}

/** One text field's stored form: an IBAN without its spaces, in capitals; other text without white space around it. */
function canonicalTextOf(property: TextFieldSchema, value: string): string {
  // A password or a PIN is taken as typed: a space in it is the member's.
  if (property.writeOnly === true || property['x-widget'] === 'password') return value;
  if (property.format === 'iban' || property['x-widget'] === 'iban') return value.replace(/\s+/g, '').toUpperCase();
  // A SWIFT/BIC code is written in capitals on every statement; "cobadeffxxx" typed is the same code.
  if (property.format === 'swift') return value.trim().toUpperCase();
  return value.trim();
}

/**
 * Text as it is meant, whatever was typed around it: "Acme " is stored as "Acme" (so it is found, sorted and kept unique as
 * "Acme", and a name at its maximum length does not end in a space), and an IBAN typed in groups of four is stored in one
 * piece ("DE89 3704 …" and "de893704…" are one account). Only the schema's own top-level text fields change; a text of
 * white space alone becomes "", which an optional field then drops (`dropEmptyOptionalFields`) and a required one refuses.
 */
export function canonicalText(schema: ObjectSchema, body: Record<string, unknown>): Record<string, unknown> {
  let result = body;
  for (const [name, value] of Object.entries(body)) {
    if (typeof value !== 'string' || !Object.hasOwn(schema.properties ?? {}, name)) continue;
    const canonical = canonicalTextOf(schema.properties?.[name] ?? {}, value);
    if (canonical === value) continue;
    if (result === body) result = { ...body };
    Object.defineProperty(result, name, { value: canonical, enumerable: true, writable: true, configurable: true });
  }
  return result;
}
