/**
 * Options of a picker that read alike (two drivers named Andriy Boyko) are told apart by the target's `labelDetail`:
 * the first of those fields a record has filled, else its number. Options with a label of their own stay as they are.
 */
import type { ReferenceTarget } from './target';

export interface LabelledOption {
  value: string;
  label: string;
}

const filled = (value: unknown): value is string | number => (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';

export function distinguishSameLabels(
  target: ReferenceTarget,
  options: LabelledOption[],
  recordOf: (value: string) => Record<string, unknown> | undefined,
): LabelledOption[] {
  const counts = new Map<string, number>();
  for (const option of options) counts.set(option.label, (counts.get(option.label) ?? 0) + 1);
  return options.map((option) => {
    if ((counts.get(option.label) ?? 0) < 2) return option;
    const record = recordOf(option.value);
    const detail = (target.labelDetail ?? []).map((field) => record?.[field]).find(filled);
    return { ...option, label: `${option.label} · ${detail ?? `#${option.value}`}` };
  });
}
