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
