/**
 * How the card groups an employee's fields (SPEC §3's personal info: identity, employment, contacts,
 * family contacts). A field of the schema in no group (`notes`, or one an admin adds to
 * schemas/employee.json) shows under "Other", so it appears without code. The full name is the header's.
 */
import { schemaOf } from '../../crud/schemas';

export interface FieldGroup {
  key: string;
  fields: string[];
}

const grouped: FieldGroup[] = [
  { key: 'identity', fields: ['name', 'last_name', 'date_of_birth', 'age', 'place_of_birth', 'citizenship', 'inn', 'drivers_number'] },
  { key: 'employment', fields: ['company_id', 'category', 'employer_company', 'employer_country', 'contract_type', 'contract_end_date'] },
  { key: 'contacts', fields: ['phone', 'email'] },
  { key: 'family', fields: ['fathers_name', 'fathers_phone', 'mothers_name', 'mothers_phone', 'spouse_name', 'spouse_phone'] },
];

/** Shown in the header, not in a group. */
const inHeader = new Set(['full_name']);

export function personalInfoGroups(): FieldGroup[] {
  const properties = Object.keys(schemaOf('employees').properties);
  const known = new Set(grouped.flatMap((group) => group.fields));
  const groups = grouped.map((group) => ({ ...group, fields: group.fields.filter((field) => properties.includes(field)) }));
  const other = properties.filter((field) => !known.has(field) && !inHeader.has(field));
  return other.length > 0 ? [...groups, { key: 'other', fields: other }] : groups;
}

/**
 * The fields a group's form edits: not the derived ones (`readOnly`: age), nor the category, which is
 * changed after a confirmation (SPEC §4) through the header's button.
 */
export function editableFields(group: FieldGroup): string[] {
  const properties = schemaOf('employees').properties;
  return group.fields.filter((field) => field !== 'category' && properties[field]?.readOnly !== true);
}
