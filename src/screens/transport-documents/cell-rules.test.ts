import { describe, expect, it } from 'vitest';
import { maxFileBytes } from '../../fields/file/limits';
import { cellExpiry, cellOf, endsBeforeStart, splitBySize, startsLater } from './cell-rules';
import type { VehicleDocuments } from './types';

describe('a document cell', () => {
  const today = '2026-03-01';

  it('is expired once its end date is past, expiring within the column’s warning days, valid after them', () => {
    expect(cellExpiry({ end_date: '2026-02-28' }, 30, today)).toBe('expired');
    expect(cellExpiry({ end_date: '2026-03-11' }, 10, today)).toBe('expiring');
    expect(cellExpiry({ end_date: '2026-03-11' }, 9, today)).toBe('good');
  });

  it('warns 30 days ahead when the column names no threshold, and has no state without an end date', () => {
    expect(cellExpiry({ end_date: '2026-03-31' }, undefined, today)).toBe('expiring');
    expect(cellExpiry({ end_date: '2026-04-01' }, undefined, today)).toBe('good');
    expect(cellExpiry({ end_date: null }, 30, today)).toBeUndefined();
    expect(cellExpiry(undefined, 30, today)).toBeUndefined();
  });

  it('has not begun while its start date is ahead, and has from that day on or without a start date', () => {
    expect(startsLater({ start_date: '2026-03-02' }, today)).toBe(true);
    expect(startsLater({ start_date: today }, today)).toBe(false);
    expect(startsLater({ start_date: '2026-02-01' }, today)).toBe(false);
    expect(startsLater({ start_date: null }, today)).toBe(false);
  });

  it('refuses an end before the start, but not the same day or a missing date', () => {
    expect(endsBeforeStart('2026-03-02', '2026-03-01')).toBe(true);
    expect(endsBeforeStart('2026-03-01', '2026-03-01')).toBe(false);
    expect(endsBeforeStart(null, '2026-03-01')).toBe(false);
    expect(endsBeforeStart('2026-03-01', undefined)).toBe(false);
  });

  it('keeps files of 5 MB and refuses larger ones before any upload', () => {
    const small = { name: 'a.pdf', size: maxFileBytes };
    const large = { name: 'b.pdf', size: maxFileBytes + 1 };
    expect(splitBySize([small, large])).toEqual({ accepted: [small], refused: [large] });
  });

  it('is found by vehicle and column in the documents table’s answer', () => {
    const cell = { doc_id: 9, start_date: null, end_date: '2026-05-01', files: [], version: 2 };
    const vehicles: VehicleDocuments[] = [
      {
        id: 4,
        board_names: 'Truck',
        registration_number: 'TR-1',
        groups: [{ id: 7, name: 'Inspection', show_document_start_date: false, warning_days: 30, documents: [cell] }],
      },
    ];
    expect(cellOf(vehicles, '4', 7)).toBe(cell);
    expect(cellOf(vehicles, '4', 8)).toBeUndefined();
    expect(cellOf(vehicles, '5', 7)).toBeUndefined();
    expect(cellOf(undefined, '4', 7)).toBeUndefined();
  });
});
