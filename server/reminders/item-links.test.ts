import { describe, expect, it } from 'vitest';
import { KIND_SUBJECT as SUBJECT_OF, type ComplianceItem, type ObligationKind } from '../../resources/compliance';
import { itemLink } from './item-links';

const itemOf = (kind: ObligationKind): ComplianceItem => ({
  key: `${kind}:1`,
  kind,
  state: 'expiring',
  subject: { type: SUBJECT_OF[kind], id: 42, label: 'Subject' },
  item_id: 7,
  document_id: kind === 'document' ? 9 : null,
  company_id: SUBJECT_OF[kind] === 'employee' ? 3 : null,
  type_id: null,
  type_name: null,
  valid_until: '2026-12-01',
  days_left: 5,
  warning_days: 30,
});

describe('links in reminder mails', () => {
  it('open the record’s tab under the app’s address', () => {
    expect(itemLink('https://fleet.example.com', itemOf('vehicle-document'))).toBe('https://fleet.example.com/transport/42?tab=documents');
    expect(itemLink('https://fleet.example.com', itemOf('document'))).toBe(
      'https://fleet.example.com/personal-main/employee/42?tab=employee-documents&companyId=3&document=9',
    );
    expect(itemLink('https://fleet.example.com', itemOf('card'))).toBe('https://fleet.example.com/maintenance-fuel-cards');
  });
});
