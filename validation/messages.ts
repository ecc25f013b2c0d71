/**
 * A validation message before translation: a key of the `validation.*` namespace plus its parameters.
 * The server translates it into the language of the request, the web app into the user's language.
 */
export interface ValidationMessage {
  key: string;
  params?: Record<string, string | number>;
}

/** Field name (dotted for nested fields, "" for the whole body) → messages. */
export type FieldMessages = Record<string, ValidationMessage[]>;

export function addMessage(target: FieldMessages, field: string, message: ValidationMessage): void {
  // Own properties only: a field named "constructor" or "__proto__" must not find Object's members.
  if (!Object.hasOwn(target, field)) Object.defineProperty(target, field, { value: [], enumerable: true, writable: true, configurable: true });
  const list = target[field];
  if (!list.some((existing) => existing.key === message.key)) list.push(message);
}
