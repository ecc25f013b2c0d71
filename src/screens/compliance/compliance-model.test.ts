/** The compliance page's links to the records to fix, its grouping by subject and its state in the URL. */
import { describe, expect, it } from 'vitest';
import { groupBySubject, recordLinkOf, subjectLinkOf, type ComplianceItem } from './compliance-model';
import { apiQuery, readView, writeView } from './compliance-view';

function item(overrides: Partial<ComplianceItem>): ComplianceItem {
  return {
    key: 'document:1',
    kind: 'document',
    state: 'expiring',
    subject: { type: 'employee', id: 7, label: 'Anna Test' },
    item_id: 1,
    document_id: 3,
    company_id: 2,
    type_id: 4,
    type_name: 'Licence',
    valid_until: '2026-12-01',
    days_left: 5,
    warning_days: 30,
    ...overrides,
  };
}

describe('links to the record to fix', () => {
  it("open an employee's card on the tab that holds the item, finding the employee by company", () => {
    expect(recordLinkOf(item({}))).toBe('/personal-main/employee/7?tab=employee-documents&companyId=2&document=3');
    expect(recordLinkOf(item({ kind: 'passport', key: 'passport:9', document_id: null }))).toBe('/personal-main/employee/7?tab=passports&companyId=2');
    // The contract's dates are on Personal info, the card's first tab (no `tab`).
    expect(recordLinkOf(item({ kind: 'contract', document_id: null }))).toBe('/personal-main/employee/7?companyId=2');
    // A missing document has none to point at.
    expect(recordLinkOf(item({ state: 'missing', document_id: null, item_id: null }))).toBe('/personal-main/employee/7?tab=employee-documents&companyId=2');
  });

  it("open a vehicle's documents or repairs, a trailer's insurances and the cards list", () => {
    const vehicle = { type: 'vehicle' as const, id: 11, label: 'Truck' };
    expect(recordLinkOf(item({ kind: 'vehicle-document', subject: vehicle, company_id: null }))).toBe('/transport/11?tab=documents');
    expect(recordLinkOf(item({ kind: 'maintenance', subject: vehicle, company_id: null }))).toBe('/transport/11?tab=repairs');
    expect(recordLinkOf(item({ kind: 'trailer-insurance', subject: { type: 'trailer', id: 5, label: 'T' }, company_id: null }))).toBe(
      '/trailers/5?tab=trailer-insurances',
    );
    expect(recordLinkOf(item({ kind: 'card', subject: { type: 'card', id: 8, label: 'C' }, company_id: null }))).toBe('/maintenance-fuel-cards');
    expect(subjectLinkOf({ type: 'employee', id: 7, label: null }, 2)).toBe('/personal-main/employee/7?companyId=2');
  });
});

describe('grouping by subject', () => {
  it('puts each subject once, as a header row before its items, in the order of its first item', () => {
    const truck = { type: 'vehicle' as const, id: 11, label: 'Truck' };
    const rows = groupBySubject([
      item({ key: 'a' }),
      item({ key: 'b', subject: truck, company_id: null }),
      item({ key: 'c' }),
      // The same id as a vehicle is another subject.
      item({ key: 'd', subject: { type: 'vehicle', id: 7, label: 'Van' }, company_id: null }),
    ]);
    expect(rows.map((row) => (row.row === 'subject' ? `${row.subject.type}:${row.subject.id}(${row.count})` : row.item.key))).toEqual([
      'employee:7(2)',
      'a',
      'c',
      'vehicle:11(1)',
      'b',
      'vehicle:7(1)',
      'd',
    ]);
    expect(groupBySubject([])).toEqual([]);
  });
});

describe('the state in the URL', () => {
  it('reads the tab, filters and page, ignoring what the page does not offer', () => {
    const view = readView(new URLSearchParams('tab=missing&kind=passport&subject_type=employee&company_id=4&within_days=30&page=3&perPage=50'));
    expect(view).toEqual({ state: 'missing', kind: 'passport', subjectType: 'employee', companyId: 4, withinDays: 30, page: 3, perPage: 50 });
    expect(readView(new URLSearchParams('tab=soon&kind=x&within_days=999&page=0&perPage=13&company_id=-1'))).toEqual({
      state: undefined,
      kind: undefined,
      subjectType: undefined,
      companyId: undefined,
      withinDays: undefined,
      page: 1,
      perPage: 20,
    });
  });

  it('writes only what differs from the defaults, and asks the API under its own names', () => {
    const view = readView(new URLSearchParams('tab=expired&subject_type=vehicle&page=2'));
    expect(writeView(view).toString()).toBe('tab=expired&subject_type=vehicle&page=2');
    expect(writeView(readView(new URLSearchParams())).toString()).toBe('');
    expect(apiQuery(view)).toEqual({ page: 2, perPage: 20, state: 'expired', subject_type: 'vehicle' });
  });
});
