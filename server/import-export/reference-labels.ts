/**
 * References as people read them: an export writes a referenced record's label (resources/label.ts: "Truck 01
 * (TR-001)", a company's name, a driver's full name) instead of its id; an import finds the record a label
 * names. Always within the member's tenant (EngineStore), so another tenant's records are never written or
 * matched. A label two of the tenant's records share (two drivers named Anna Berg) is written with the record's
 * number, "Anna Berg (#12)", which the import reads back as that record: the exported file imports again.
 */
import { recordLabel } from '../../resources/label';
import { identifier, Sql, sql } from '../db/sql';
import { fieldExpression, type EngineModel, type EngineResource } from '../engine/model';
import { toWire } from '../engine/records';
import type { EngineStore } from '../engine/store';
import { comparable } from './vocabulary';

/** Labels kept per export; a larger export starts the memo afresh rather than grow without bound. */
const MEMO_LIMIT = 50_000;

/** Labels of referenced records for an export, fetched a batch of rows at a time and remembered. */
export class ReferenceLabels {
  private readonly known = new Map<string, Map<number, string>>();
  /** Per referenced resource, the records whose label fields another record of the tenant shares. */
  private readonly shared = new Map<string, Set<number>>();

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
      const shared = await this.sharedLabels(target);
      for (const row of await this.store.byIds(target, [...ids])) {
        const label = recordLabel(target.definition, toWire(target, row));
        labels.set(Number(row.id), !label ? `#${row.id}` : shared.has(Number(row.id)) ? `${label} (#${row.id})` : label);
      }
    }
  }

  /**
   * The ids of records whose label fields (folded as the import compares them: case and accents aside) another
   * record of the tenant holds too. One grouping scan per referenced resource and export; the answer is the
   * (usually few) records that share a name, not every label.
   */
  private async sharedLabels(target: EngineResource): Promise<Set<number>> {
    let ids = this.shared.get(target.name);
    if (ids) return ids;
    const fields = target.definition.label;
    if (fields.length === 0) return new Set();
    const folded = new Sql([fields.map((field) => `fleetdesk_fold(COALESCE((${fieldExpression(target, field)})::text, ''))`).join(', ')], []);
    const table = identifier(target.table);
    const { text, values } = sql`SELECT id FROM ${table} WHERE tenant_id = ${this.store.tenantId} AND (${folded}) IN (
        SELECT ${folded} FROM ${table} WHERE tenant_id = ${this.store.tenantId} GROUP BY ${folded} HAVING count(*) > 1)`.render();
    const { rows } = await this.store.client.query<{ id: number | string }>(text, values);
    this.shared.set(target.name, (ids = new Set(rows.map((row) => Number(row.id)))));
    return ids;
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

  /** Reads only the label fields of the tenant's records (100,000 employees are a few megabytes of names, not their records). */
  static async of(store: EngineStore, target: EngineResource): Promise<LabelIndex> {
    const ids = new Map<string, number[]>();
    const all = new Set<number>();
    const fields = target.definition.label;
    const columns = fields.map((field, index) => `${fieldExpression(target, field)} AS label_${index}`).join(', ');
    const { rows } = await store.client.query<Record<string, unknown>>(
      `SELECT id${columns ? `, ${columns}` : ''} FROM ${identifier(target.table).render().text} WHERE tenant_id = $1`,
      [store.tenantId],
    );
    for (const row of rows) {
      const id = Number(row.id);
      all.add(id);
      const record = Object.fromEntries(fields.map((field, index) => [field, row[`label_${index}`]]));
      for (const name of namesOf(target, record)) {
        const list = ids.get(name) ?? [];
        if (!list.includes(id)) list.push(id);
        ids.set(name, list);
      }
    }
    return new LabelIndex(ids, all);
  }

  /**
   * The ids a written label names: none, one, or several (ambiguous). `#12` names the record 12 when the tenant has
   * it; "Anna Berg (#12)", as an export writes a shared label, names 12 when it is an Anna Berg.
   */
  find(text: string): number[] {
    const found = this.ids.get(comparable(text));
    if (found) return found;
    const alone = /^#(\d{1,15})$/.exec(text.trim());
    if (alone) return this.all.has(Number(alone[1])) ? [Number(alone[1])] : [];
    const numbered = /^(.*\S)\s+\(#(\d{1,15})\)$/.exec(text.trim());
    if (!numbered) return [];
    const id = Number(numbered[2]);
    return this.ids.get(comparable(numbered[1]))?.includes(id) ? [id] : [];
  }
}
