/**
 * Fields the server derives instead of storing (schemas mark them `readOnly` and say so in their
 * `$comment`): computed in SQL when a record is read, so they are never stale (an age changes with the
 * calendar, not with an update) and lists can sort and filter by them like any other field. Keyed by
 * schema name; each value is an SQL expression over the row's `data`. A derived field is never indexed
 * (its expression depends on today or is not IMMUTABLE).
 */
const DATE = `'^\\d{4}-\\d{2}-\\d{2}$'`;

export const DERIVED_FIELDS: Record<string, Record<string, string>> = {
  employee: {
    full_name: `NULLIF(btrim(concat_ws(' ', data->>'name', data->>'last_name')), '')`,
    age: `(CASE WHEN data->>'date_of_birth' ~ ${DATE} THEN date_part('year', age(current_date, (data->>'date_of_birth')::date))::integer END)`,
  },
  card: {
    days_left: `(CASE WHEN data->>'expires_at' ~ ${DATE} THEN ((data->>'expires_at')::date - current_date) END)`,
  },
  // Members are rows of the sign-in table (migration 004): the avatar and the owner flag are its columns.
  user: {
    avatar: `(CASE WHEN avatar_file_id IS NOT NULL THEN '/api/files/' || avatar_file_id END)`,
    is_owner: `is_owner`,
  },
  // A department's members are the members whose `departments` name it: stored once, on the member, so
  // the two sides cannot drift apart; writing `members` on a department updates the members (rules/).
  department: {
    members: `(SELECT COALESCE(jsonb_agg(u.id ORDER BY u.id), '[]'::jsonb) FROM users u WHERE u.tenant_id = r_departments.tenant_id AND u.data->'departments' @> to_jsonb(r_departments.id))`,
  },
  'hr-document-type': {
    doc_statuses_amount: `(CASE WHEN jsonb_typeof(data->'statuses') = 'array' THEN jsonb_array_length(data->'statuses') ELSE 0 END)`,
  },
};

/** The derived fields of a schema that the schema still declares (an admin may remove one). */
export function derivedFieldsOf(schemaName: string, properties: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(DERIVED_FIELDS[schemaName] ?? {}).filter(([field]) => Object.hasOwn(properties, field)));
}

/** `jsonb_build_object(…) AS derived` for SELECT and RETURNING lists, or null when there is none. */
export function derivedColumn(derived: Record<string, string>): string | null {
  const entries = Object.entries(derived);
  if (entries.length === 0) return null;
  return `jsonb_strip_nulls(jsonb_build_object(${entries.map(([field, expression]) => `'${field}', ${expression}`).join(', ')})) AS derived`;
}
