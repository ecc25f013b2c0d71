/**
 * "What changed since the previous act" as lines to show (issue 13): the server compares the two acts
 * (server/handover/compare.ts, `GET …/handover-acts/{id}/changes`); this says how each difference reads, the same on
 * the act's page and in its PDF (server/handover/act-pdf.ts: the PDF had lost the fuel's sign).
 * Pure: the numbers are formatted by the caller's `amount` (language and unit).
 */

export interface ActChanges {
  previous: { id: number; date: string } | null;
  km_driven: number | null;
  fuel_difference: number | null;
  new_damages: Array<{ title: string; description?: string }>;
  equipment_missing: string[];
  documents_missing: string[];
  tread_lost: Array<{ position: string; before: number; after: number; lost: number }>;
}

export interface ChangeLine {
  /** Names the line (test id `act-change-<id>`) and its label `handover-acts.changes.<id>`. */
  id: 'kmDriven' | 'fuel' | 'newDamages' | 'equipmentMissing' | 'documentsMissing' | 'treadLost';
  /** What it says; empty: nothing changed there. */
  values: string[];
  /** A loss worth a look (a new damage, missing equipment, less fuel, worn tyres). */
  warning: boolean;
}

type Amount = (value: number, unit: 'km' | 'l' | 'mm') => string;

/** `+20 l`, `−250 l`: a difference always shows its sign. */
export function signed(value: number, unit: 'l' | 'km' | 'mm', amount: Amount): string {
  if (value === 0) return amount(0, unit);
  return `${value > 0 ? '+' : '−'}${amount(Math.abs(value), unit)}`;
}

/** The lines of the changes; null for a vehicle's first act (there is nothing to compare with). */
export function changeLines(changes: ActChanges, amount: Amount): ChangeLine[] | null {
  if (!changes.previous) return null;
  return [
    { id: 'kmDriven', values: changes.km_driven === null ? [] : [amount(changes.km_driven, 'km')], warning: false },
    { id: 'fuel', values: changes.fuel_difference === null ? [] : [signed(changes.fuel_difference, 'l', amount)], warning: (changes.fuel_difference ?? 0) < 0 },
    {
      id: 'newDamages',
      values: changes.new_damages.map((damage) => (damage.description ? `${damage.title} — ${damage.description}` : damage.title)),
      warning: changes.new_damages.length > 0,
    },
    { id: 'equipmentMissing', values: changes.equipment_missing, warning: changes.equipment_missing.length > 0 },
    { id: 'documentsMissing', values: changes.documents_missing, warning: changes.documents_missing.length > 0 },
    {
      id: 'treadLost',
      values: changes.tread_lost.filter((tire) => tire.lost !== 0).map((tire) => `${tire.position}: ${signed(-tire.lost, 'mm', amount)}`),
      warning: changes.tread_lost.some((tire) => tire.lost > 0),
    },
  ];
}
