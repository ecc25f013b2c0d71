import { describe, expect, it } from 'vitest';
import { model } from '../test-support/engine-records';

describe('whose History a record’s changes belong to', () => {
  const ownerOf = (name: string) => model.byName.get(name)?.auditOwner?.resource ?? null;

  it('is the record it is deleted with, followed up to the top: parent first, else a cascading reference', () => {
    expect(ownerOf('passports')).toBe('employees');
    expect(ownerOf('employee-documents')).toBe('employees');
    // Status row → document → employee, though the row also cascades from an HR status.
    expect(ownerOf('employee-document-statuses')).toBe('employees');
    expect(ownerOf('vehicle-documents')).toBe('transport');
    expect(ownerOf('repairs')).toBe('transport');
    expect(ownerOf('handover-acts')).toBe('transport');
    expect(ownerOf('trailer-insurances')).toBe('trailers');
    expect(ownerOf('company-banks')).toBe('companies');
  });

  it('is none for a record that is not deleted with another: an order, a vehicle, a card', () => {
    for (const name of ['orders', 'transport', 'trailers', 'cards', 'employees']) expect(ownerOf(name), name).toBeNull();
  });

  it('reads a grandchild’s top record through its parent’s row', () => {
    const owner = model.byName.get('employee-document-statuses')?.auditOwner;
    expect(owner?.idSql('written')).toBe('(SELECT owner_1.parent_id FROM "r_employee_documents" AS owner_1 WHERE owner_1.id = written.parent_id)');
  });
});
