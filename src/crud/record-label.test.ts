import { describe, expect, it } from 'vitest';
import { labelOf } from './schemas';

describe('a record’s label', () => {
  it('reads a vehicle as "board name (registration number)" (its labelFormat)', () => {
    expect(labelOf('transport', { id: 3, board_names: 'Truck 01', registration_number: 'TR-001' })).toBe('Truck 01 (TR-001)');
  });

  it('drops a blank field with its brackets, and falls back to the id when all are blank', () => {
    expect(labelOf('transport', { id: 3, board_names: 'Truck 01' })).toBe('Truck 01');
    expect(labelOf('transport', { id: 3 })).toBe('3');
  });

  it('joins the label fields with spaces where a resource has no format', () => {
    expect(labelOf('employees', { id: 9, name: 'Olga', last_name: 'Shevchenko' })).toBe('Olga Shevchenko');
  });
});
