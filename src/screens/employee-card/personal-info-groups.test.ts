import { describe, expect, it } from 'vitest';
import { schemaOf } from '../../crud/schemas';
import { editableFields, personalInfoGroups } from './personal-info-groups';

describe('personal info groups', () => {
  it('shows every field of the employee schema once, besides the full name of the header', () => {
    const shown = personalInfoGroups().flatMap((group) => group.fields);
    const expected = Object.keys(schemaOf('employees').properties).filter((field) => field !== 'full_name');
    expect([...shown].sort()).toEqual([...expected].sort());
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('puts fields in no group under "Other" (notes, or one an admin adds)', () => {
    expect(personalInfoGroups().find((group) => group.key === 'other')?.fields).toContain('notes');
  });

  it('edits neither derived fields nor the category in place', () => {
    const groups = personalInfoGroups();
    const employment = groups.find((group) => group.key === 'employment');
    const identity = groups.find((group) => group.key === 'identity');
    expect(employment && editableFields(employment)).not.toContain('category');
    expect(identity && editableFields(identity)).not.toContain('age');
    expect(identity && editableFields(identity)).toContain('last_name');
  });
});
