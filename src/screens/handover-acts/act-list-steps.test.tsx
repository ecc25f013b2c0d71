/** The act's lists in the yard: "Add" puts the focus (and a phone's keyboard) in the new row's first field. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../i18n/test-i18n';
import type { ActDraft } from './act-draft';
import { DamagesStep, EquipmentStep, TiresStep } from './act-list-steps';
import type { StepProps } from './step-field';

beforeAll(initTestI18n);
afterEach(cleanup);

const empty: ActDraft = { date: '2026-12-02', equipment: [{ name: 'Warning triangle', present: true }], damages: [], documents: [], tires: [] };

function Walk({ Step }: { Step: (props: StepProps) => React.ReactNode }) {
  const [draft, setDraft] = useState(empty);
  return <Step draft={draft} change={(patch) => setDraft((current) => ({ ...current, ...patch }))} errors={{}} author="Anna" />;
}

describe('adding a row to an act', () => {
  it.each([
    ['an equipment item', EquipmentStep, 'act-equipment-add', 'act-equipment-name-1'],
    ['a damage', DamagesStep, 'act-damage-add', 'act-damage-title-0'],
    ['a tyre', TiresStep, 'act-tire-add', 'act-tire-position-0'],
  ])('%s: the new row’s first field takes the focus', (_what, Step, add, field) => {
    render(<Walk Step={Step} />);
    fireEvent.click(screen.getByTestId(add));
    expect(document.activeElement).toBe(screen.getByTestId(field));
  });
});

describe('a row of an act’s list that is refused', () => {
  it('says its limit, not the message’s template', () => {
    const errors = { 'equipment.0.name': { key: 'validation.maxLength', params: { limit: 100 } } };
    render(<EquipmentStep draft={empty} change={() => undefined} errors={errors} author="Anna" />);
    expect(screen.getByTestId('act-error-equipment.0.name').textContent).toBe('Must be at most 100 characters');
  });
});
