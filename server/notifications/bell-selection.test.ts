import { describe, expect, it } from 'vitest';
import type { ComplianceItem, ComplianceState } from '../../resources/compliance';
import { BELL_SIZE, bellSelection } from './bell-selection';

const items = (state: ComplianceState, count: number) => Array.from({ length: count }, (_, index) => ({ key: `${state}-${index}`, state }) as ComplianceItem);
const keys = (selected: ComplianceItem[]) => selected.map((item) => item.key);

describe('the items of the bell', () => {
  it('keeps places for what is about to expire when many documents expired long ago', () => {
    const selected = bellSelection(
      new Map([
        ['missing', items('missing', 2)],
        ['expiring', items('expiring', 30)],
        ['expired', items('expired', 30)],
      ]),
    );
    expect(selected).toHaveLength(BELL_SIZE);
    // The missing ones' unused places go to what is about to expire; the expired keep their five.
    expect(selected.filter((item) => item.state === 'expiring')).toHaveLength(13);
    expect(selected.filter((item) => item.state === 'expired')).toHaveLength(5);
    // Missing first, then about to expire, then expired, each in the page's order.
    expect(keys(selected).slice(0, 3)).toEqual(['missing-0', 'missing-1', 'expiring-0']);
    expect(keys(selected).at(-1)).toBe('expired-4');
  });

  it('fills the bell with expired ones when little else is due', () => {
    const selected = bellSelection(
      new Map([
        ['expiring', items('expiring', 3)],
        ['expired', items('expired', 30)],
      ]),
    );
    expect(selected).toHaveLength(BELL_SIZE);
    expect(selected.filter((item) => item.state === 'expiring')).toHaveLength(3);
    expect(selected.filter((item) => item.state === 'expired')).toHaveLength(17);
  });

  it('lists everything when there is less than a bell full', () => {
    expect(
      keys(
        bellSelection(
          new Map([
            ['expired', items('expired', 4)],
            ['missing', items('missing', 1)],
          ]),
        ),
      ),
    ).toEqual(['missing-0', 'expired-0', 'expired-1', 'expired-2', 'expired-3']);
  });
});
