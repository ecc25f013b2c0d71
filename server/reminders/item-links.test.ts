import { describe, expect, it } from 'vitest';
import { recordLinkOf } from '../../src/screens/compliance/compliance-model';
import { OBLIGATION_KINDS, type ComplianceItem, type ObligationKind, type SubjectType } from '../compliance/types';
import { itemLink, itemPath } from './item-links';

const SUBJECT_OF: Record<ObligationKind, SubjectType> = {
  document: 'employee',
  passport: 'employee',
  contract: 'employee',
  'vehicle-document': 'vehicle',
  maintenance: 'vehicle',
  'trailer-insurance': 'trailer',
  card: 'card',
};

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
  it.each(OBLIGATION_KINDS)('lead to where the compliance page links a %s', (kind) => {
    expect(itemPath(itemOf(kind))).toBe(recordLinkOf(itemOf(kind)));
  });

  it('open the record’s tab under the app’s address', () => {
    expect(itemLink('https://fleet.example.com', itemOf('vehicle-document'))).toBe('https://fleet.example.com/transport/42?tab=documents');
    expect(itemLink('https://fleet.example.com', itemOf('document'))).toBe(
      'https://fleet.example.com/personal-main/employee/42?tab=employee-documents&companyId=3&document=9',
    );
  });
});
