/**
 * Fleetdesk's own schema keywords. ajv runs in strict mode, so a keyword that is not declared here
 * fails when a schema is compiled (at start), instead of being ignored silently.
 *
 * - x-same-as: the value must equal a sibling field (password confirmation).
 *
 * Later issues add annotation-only keywords (x-list, x-filter, x-sort, x-search, x-ref …) to
 * `annotationKeywords` with a meta-schema for their values.
 */
import type { KeywordDefinition } from 'ajv';

export const sameAsKeyword: KeywordDefinition = {
  keyword: 'x-same-as',
  schemaType: 'string',
  metaSchema: { type: 'string', minLength: 1 },
  // The sibling is read from the parent object, so the check needs ajv's data context.
  validate: function sameAs(siblingName: string, value: unknown, _schema?: unknown, context?: { parentData?: unknown }) {
    const parent = context?.parentData as Record<string, unknown> | undefined;
    return parent !== undefined && parent[siblingName] === value;
  },
  errors: false,
};

/** Keywords that only describe (for lists, forms, storage) and never reject a value. */
export const annotationKeywords: KeywordDefinition[] = [];

export const vocabulary: KeywordDefinition[] = [sameAsKeyword, ...annotationKeywords];
