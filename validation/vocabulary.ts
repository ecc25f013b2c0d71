/**
 * Fleetdesk's own schema keywords. ajv runs in strict mode, so a keyword that is not declared here
 * fails when a schema is compiled (at start), instead of being ignored silently; each keyword's value is
 * checked against its meta-schema, so a misspelt annotation value fails too.
 *
 * Validating keywords (they reject values; messages under `validation.<keyword>`):
 * - `x-same-as: "<sibling>"`        the value equals a sibling field (password confirmation)
 * - `x-not-after-today: true`       a date ("YYYY-MM-DD") is not later than today
 * - `x-not-after-this-year: true`   a year (an integer) is not later than this year (a vehicle's year of production)
 * - `x-not-before: "<sibling>"`     a date is not earlier than a sibling date (end not before start)
 * - `x-not-same-as: "<sibling>"`    the value differs from a sibling field (an order's second driver)
 *
 * Annotations (they only describe; read by the engine on both sides of the wire):
 * - `x-list: true`                  shown as a column of the generic list
 * - `x-filter: "exact" | "range" | "search"`   offered as a list filter (range: `<field>_from`, `<field>_to`)
 * - `x-sort: true`                  the list can be sorted by it
 * - `x-search: true`                part of the list's free-text search
 * - `x-index: true`                 the server keeps a database index on it
 * - `x-ref: { resource, onDelete? }` a reference to a record of another resource, by id;
 *                                    onDelete "restrict" (default), "set-null" or "cascade"
 * - `x-enum: "<name>"`              an enumeration of schemas/enums.json; labels `enums.<name>.<id>`
 * - `x-unit: "<unit>"`              the unit shown after a number; label `units.<unit>`
 * - `x-widget: "<kind>"`            the field kind used to draw it when the type alone does not tell
 *                                    (textarea, phone, iban, password, file, permissions: the access-rights matrix …)
 * - `x-sensitive: true`             personal data shown only to members allowed to see it
 * - `x-unique: true`                no two records hold the same value (text in any case): two of the
 *                                    tenant's, or, for a sub-resource, two of the same owner's (an employee's
 *                                    passport numbers); checked where a write changes the value
 *                                    (records stored alike before the rule stay editable)
 * - `x-lookup: "<list>"`            an id of a reference list (`LOOKUP_LISTS`, reference-data/): drawn as a
 *                                    picker of the list's names; a value the list does not hold is refused
 *                                    when it is written (a stored one is kept while it is not changed)
 * - `x-lookup-within: "<field>"`    with `x-lookup`: the item belongs to the group (a car model's brand) its
 *                                    sibling field names; the picker offers that group's items once the sibling
 *                                    names one the list knows, and an item of another group is refused
 */
import { _, type KeywordDefinition } from 'ajv';

type Context = { parentData?: unknown };
const siblingOf = (context: Context | undefined, name: string) => (context?.parentData as Record<string, unknown> | undefined)?.[name];

/**
 * "Today" as the latest calendar date anywhere on Earth (UTC+14), so a person entering today's date in
 * any time zone is never told that it lies in the future.
 */
export function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** A text that starts as a date ("YYYY-MM-DD"): the date keywords compare only such texts, the format refuses the rest. */
export const DATE_START = /^[0-9]{4}-[0-9]{2}-[0-9]{2}/;

/**
 * The reference lists a field may name with `x-lookup`: the lists of `reference-data/` that records point
 * into by id (SPEC §3's contracts, cars.models and tracking_systems of `/app/load-data`).
 */
export const LOOKUP_LISTS = ['contracts', 'car-models', 'tracking-systems'] as const;
export type LookupListName = (typeof LOOKUP_LISTS)[number];

export const validatingKeywords: KeywordDefinition[] = [
  {
    keyword: 'x-same-as',
    schemaType: 'string',
    metaSchema: { type: 'string', minLength: 1 },
    validate: (sibling: string, value: unknown, _schema?: unknown, context?: Context) =>
      context?.parentData !== undefined && siblingOf(context, sibling) === value,
    errors: false,
  },
  {
    keyword: 'x-not-after-today',
    type: 'string',
    schemaType: 'boolean',
    metaSchema: { const: true },
    // Only a date is compared: "20260101" is the format's to refuse, not also "later than today".
    validate: (_enabled: boolean, value: string) => !DATE_START.test(value) || value.slice(0, 10) <= latestToday(),
    errors: false,
  },
  {
    keyword: 'x-not-after-this-year',
    type: 'integer',
    schemaType: 'boolean',
    metaSchema: { const: true },
    validate: (_enabled: boolean, value: number) => value <= Number(latestToday().slice(0, 4)),
    errors: false,
  },
  {
    keyword: 'x-not-same-as',
    schemaType: 'string',
    metaSchema: { type: 'string', minLength: 1 },
    // Two roles one record names (an order's two drivers) are two people: the value differs from the sibling's.
    validate: (sibling: string, value: unknown, _schema?: unknown, context?: Context) => {
      const other = siblingOf(context, sibling);
      return other === undefined || other === null || other !== value;
    },
    errors: false,
  },
  {
    keyword: 'x-not-before',
    type: 'string',
    schemaType: 'string',
    metaSchema: { type: 'string', minLength: 1 },
    // Only compared when the sibling is a date too: its own rules report it otherwise.
    validate: (sibling: string, value: string, _schema?: unknown, context?: Context) => {
      const other = siblingOf(context, sibling);
      return typeof other !== 'string' || !DATE_START.test(other) || !DATE_START.test(value) || value.slice(0, 10) >= other.slice(0, 10);
    },
    errors: false,
    // The message names the other date ("not earlier than the issue date"): its field and the schema it is in.
    error: {
      message: 'must not be earlier than its sibling date',
      params: ({ schema, it }) => _`{sibling: ${schema as string}, schemaId: ${it.baseId}}`,
    },
  },
];

const identifierPattern = '^[a-z][A-Za-z0-9_-]*$';

/** The units a number can carry (labels `units.<unit>`). */
export const units = ['km', 'kg', 't', 'm3', 'l', 'mm', 'bar', 'days', 'eur'];

export const annotationKeywords: KeywordDefinition[] = [
  { keyword: 'x-list', metaSchema: { type: 'boolean' } },
  { keyword: 'x-filter', metaSchema: { enum: ['exact', 'range', 'search'] } },
  { keyword: 'x-sort', metaSchema: { type: 'boolean' } },
  { keyword: 'x-search', metaSchema: { type: 'boolean' } },
  { keyword: 'x-index', metaSchema: { type: 'boolean' } },
  {
    keyword: 'x-ref',
    metaSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['resource'],
      properties: {
        resource: { type: 'string', pattern: identifierPattern },
        onDelete: { enum: ['restrict', 'set-null', 'cascade'] },
      },
    },
  },
  { keyword: 'x-enum', metaSchema: { type: 'string', pattern: identifierPattern } },
  { keyword: 'x-unit', metaSchema: { enum: units } },
  // The unit a list's column shows a number in, converted from `x-unit` (a vehicle's weight: tonnes in the
  // form, kg in the table, SPEC §3); the form and the show page keep `x-unit`.
  { keyword: 'x-list-unit', metaSchema: { enum: units } },
  // false: shown without digit grouping (a year is "2015", not "2,015").
  { keyword: 'x-grouping', metaSchema: { type: 'boolean' } },
  // A date that ends a validity: shown with SPEC §4's indicator (expired, expiring soon within this many
  // days, valid), wherever the date shows (a trailer's insurance end date).
  { keyword: 'x-expiry', metaSchema: { type: 'integer', minimum: 0, maximum: 3650 } },
  {
    keyword: 'x-widget',
    metaSchema: {
      enum: ['text', 'textarea', 'phone', 'iban', 'password', 'file', 'files', 'email', 'country', 'currency', 'permissions', 'warnings', 'days-left'],
    },
  },
  { keyword: 'x-sensitive', metaSchema: { type: 'boolean' } },
  { keyword: 'x-unique', metaSchema: { type: 'boolean' } },
  { keyword: 'x-lookup', metaSchema: { enum: LOOKUP_LISTS } },
  { keyword: 'x-lookup-within', metaSchema: { type: 'string', minLength: 1 } },
];

export const vocabulary: KeywordDefinition[] = [...validatingKeywords, ...annotationKeywords];

/** Names of every x- keyword, for tools that walk schemas (conformance test, OpenAPI, forms). */
export const vocabularyKeywords = vocabulary.map((definition) => definition.keyword as string);
