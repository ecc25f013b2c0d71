/** How an item of the compliance page and the bell reads: never a code a member cannot read (a contract type's id, "fuel"). */
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { initTestI18n } from '../../i18n/test-i18n';
import type { ComplianceItem } from './compliance-model';
import { obligationName } from './compliance-texts';

const item = (kind: string, type_name: string | null) => ({ kind, type_name }) as unknown as ComplianceItem;

describe('the name of an obligation', () => {
  beforeAll(initTestI18n);

  it('reads a contract end as the contract, not its type’s code, and a card by its translated type', () => {
    const t = i18n.t.bind(i18n);
    expect(obligationName(item('contract', '9'), t)).toBe('Employment contract');
    expect(obligationName(item('card', 'fuel'), t)).toBe('Fuel');
    expect(obligationName(item('vehicle-document', 'Inspection'), t)).toBe('Inspection');
    expect(obligationName(item('maintenance', null), t)).toBe('Maintenance');
  });
});
