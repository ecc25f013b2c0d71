/**
 * References as people read them: an export writes a referenced record's label (resources/label.ts: "Truck 01
 * (TR-001)", a company's name, a driver's full name) instead of its id; an import finds the record a label
 * names. Always within the member's tenant (EngineStore), so another tenant's records are never written or
 * matched.
 */
import { recordLabel } from '../../resources/label';
import { Sql } from '../db/sql';
import type { EngineModel, EngineResource } from '../engine/model';
import { toWire } from '../engine/records';
import type { EngineStore } from '../engine/store';
import { comparable } from './vocabulary';

/** Labels kept per export; a larger export starts the memo afresh rather than grow without bound. */
const MEMO_LIMIT = 50_000;

/** Labels of referenced records for an export, fetched a batch of rows at a time and remembered. */
export class ReferenceLabels {
  private readonly known = new Map<string, Map<number, string>>();

  constructor(
    private readonly store: EngineStore,
    private readonly model: EngineModel,
  ) {}

  private memo(resource: string): Map<number, string> {
    let labels = this.known.get(resource);
    if (!labels || labels.size > MEMO_LIMIT) this.known.set(resource, (labels = new Map<number, string>()));
    return labels;
  }

  /** Fetches the labels of the ids the rows reference (one query per referenced resource). */
  async load(resource: EngineResource, records: Array<Record<string, unknown>>, fields: string[]): Promise<void> {
    const wanted = new Map<string, Set<number>>();
    for (const reference of resource.references) {
      if (!fields.includes(reference.field)) continue;
      const labels = this.memo(reference.ref.resource);
      const ids = wanted.get(reference.ref.resource) ?? new Set<number>();
      for (const record of records) {
        const value = record[reference.field];
        for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'number' && !labels.has(id)) ids.add(id);
      }
      wanted.set(reference.ref.resource, ids);
    }
    for (const [name, ids] of wanted) {
      if (ids.size === 0) continue;
      const target = this.model.byName.get(name) as EngineResource;
      const labels = this.memo(name);
      for (const row of await this.store.byIds(target, [...ids]))
        labels.set(Number(row.id), recordLabel(target.definition, toWire(target, row)) || `#${row.id}`);
    }
  }

  /** A loaded label; `#id` for a record that is gone (or was never this tenant's). */
  label(resource: string, id: number): string {
    return this.known.get(resource)?.get(id) ?? `#${id}`;
  }
}

/** What a label may be written as: the whole label, each label field alone, a person's names in either order. */
function namesOf(target: EngineResource, record: Record<string, unknown>): string[] {
  const names = new Set<string>();
  const whole = recordLabel(target.definition, record);
  if (whole) names.add(comparable(whole));
  const parts = target.definition.label.map((field) => record[field]).filter((value) => value !== undefined && value !== null && value !== '');
  for (const part of parts) names.add(comparable(String(part)));
  if (parts.length === 2) names.add(comparable(`${String(parts[1])} ${String(parts[0])}`));
  return [...names].filter(Boolean);
}

/** Label → id of one referenced resource for an import: every record of the tenant, read once per import. */
export class LabelIndex {
  private constructor(
    private readonly ids: Map<string, number[]>,
    private readonly all: Set<number>,
  ) {}

  static async of(store: EngineStore, target: EngineResource): Promise<LabelIndex> {
    const ids = new Map<string, number[]>();
    const all = new Set<number>();
    const { text, values } = store.listStatement(target, {}, [], new Sql(['id'], [])).render();
    const rows = (await store.client.query(text, values)).rows as Parameters<typeof toWire>[1][];
    for (const row of rows) {
      all.add(Number(row.id));
      for (const name of namesOf(target, toWire(target, row))) {
        const list = ids.get(name) ?? [];
        if (!list.includes(Number(row.id))) list.push(Number(row.id));
        ids.set(name, list);
      }
    }
    return new LabelIndex(ids, all);
  }

  /** The ids a written label names: none, one, or several (ambiguous). `#12` names the record 12 when the tenant has it. */
  find(text: string): number[] {
    const found = this.ids.get(comparable(text));
    if (found) return found;
    const id = /^#(\d{1,15})$/.exec(text.trim())?.[1];
    return id && this.all.has(Number(id)) ? [Number(id)] : [];
  }
}
