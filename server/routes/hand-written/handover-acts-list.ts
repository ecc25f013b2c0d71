/**
 * Every handover act of the tenant's fleet in one list (issue 13, `/maintenance-acceptance-certificate` and
 * the vehicle's tab): the engine's list of acts needs the vehicle in its path, this one does not.
 * - `GET /api/transport/handover-acts?page=&perPage=&transport_id=&employee_id=&date_from=&date_to=`,
 *   newest first (date, then the later made). `employee_id` finds the acts where that employee
 *   transferred or received the vehicle. Each act comes as the generic routes answer it, with
 *   `vehicle_label`, `transferred_by_name`, `received_by_name` and `new_damages` (how many damages are
 *   new since the vehicle's previous act; null for its first act). Bad parameters: 422 on the parameter.
 * The path has no clash: the vehicle routes are `/transport/{action}/{id}` and the acts' own
 * `/transport/{transportId}/handover-acts…`, and a static segment wins over a parameter in Fastify.
 */
import type { FastifyInstance } from 'fastify';
import { recordLabel } from '../../../resources/label';
import { formats } from '../../../validation/formats';
import { addMessage, type FieldMessages } from '../../../validation/messages';
import { identifier, sql, type Sql } from '../../db/sql';
import type { EngineResource } from '../../engine/model';
import type { EngineStore } from '../../engine/store';
import { compareActs } from '../../handover/compare';
import { engineResource, guard, hasErrors, invalid, readStore, toWire, type HandWrittenOptions, type RecordRow } from './support';

const ID = /^[1-9]\d{0,15}$/;
const MAX_PER_PAGE = 100;

/** The query parameters as the OpenAPI document shows them. */
const QUERY_DOCUMENTED = {
  page: { type: 'integer', minimum: 1, default: 1 },
  perPage: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: 10 },
  transport_id: { type: 'integer', minimum: 1, description: 'Only this vehicle’s acts' },
  employee_id: { type: 'integer', minimum: 1, description: 'Only acts this employee transferred or received' },
  date_from: { type: 'string', format: 'date' },
  date_to: { type: 'string', format: 'date' },
};

export interface ActListQuery {
  page: number;
  perPage: number;
  transportId?: number;
  employeeId?: number;
  dateFrom?: string;
  dateTo?: string;
}

/** The query string as the list reads it; a value it cannot read is a message on its parameter. */
export function readActListQuery(query: Record<string, unknown>): { value: ActListQuery; errors: FieldMessages } {
  const errors: FieldMessages = {};
  // An unknown or misspelt parameter, or one given twice, is a 422 as on the engine's lists (list-query.ts):
  // a typo must show instead of silently answering every act.
  for (const [name, given] of Object.entries(query)) {
    if (!Object.hasOwn(QUERY_DOCUMENTED, name)) addMessage(errors, name, { key: 'validation.notAllowed' });
    else if (typeof given !== 'string') addMessage(errors, name, { key: 'validation.invalid' });
  }
  const text = (name: string) => (typeof query[name] === 'string' && query[name] !== '' ? query[name] : undefined);
  const whole = (name: string, max = Number.MAX_SAFE_INTEGER) => {
    const value = text(name);
    if (value === undefined) return undefined;
    if (!ID.test(value) || Number(value) > max) return void addMessage(errors, name, { key: 'validation.invalid' });
    return Number(value);
  };
  const date = (name: string) => {
    const value = text(name);
    if (value !== undefined && !formats.date(value)) return void addMessage(errors, name, { key: 'validation.invalid' });
    return value;
  };
  const value: ActListQuery = {
    page: whole('page') ?? 1,
    perPage: whole('perPage', MAX_PER_PAGE) ?? 10,
    transportId: whole('transport_id'),
    employeeId: whole('employee_id'),
    dateFrom: date('date_from'),
    dateTo: date('date_to'),
  };
  return { value, errors };
}

function conditionsOf(query: ActListQuery): Sql[] {
  const conditions: Sql[] = [];
  if (query.employeeId !== undefined) {
    const employee = JSON.stringify(query.employeeId);
    conditions.push(sql`(data->'transferred_by_id' = ${employee}::jsonb OR data->'received_by_id' = ${employee}::jsonb)`);
  }
  if (query.dateFrom !== undefined) conditions.push(sql`data->>'date' >= ${query.dateFrom}`);
  if (query.dateTo !== undefined) conditions.push(sql`data->>'date' <= ${query.dateTo}`);
  return conditions;
}

/** The records of some ids of one resource, by id. */
async function byIds(store: EngineStore, resource: EngineResource, ids: number[]): Promise<Map<number, RecordRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await store.page(resource, {}, [sql`id = ANY(${unique}::bigint[])`], sql`id`, unique.length, 0);
  return new Map(rows.map((row) => [Number(row.id), row]));
}

/**
 * The damages of each act's previous act of the same vehicle (as server/routes/hand-written/handover-acts.ts
 * finds it), in one statement for the page: acts without one are absent from the map.
 */
async function previousDamages(store: EngineStore, acts: EngineResource, ids: number[]): Promise<Map<number, unknown>> {
  if (ids.length === 0) return new Map();
  const table = identifier(acts.table);
  const { text, values } = sql`
    SELECT a.id, p.data->'damages' AS damages
      FROM ${table} a
      JOIN LATERAL (
        SELECT b.data FROM ${table} b
         WHERE b.tenant_id = a.tenant_id AND b.parent_id = a.parent_id
           AND (b.data->>'date' < a.data->>'date' OR (b.data->>'date' = a.data->>'date' AND b.id < a.id))
         ORDER BY b.data->>'date' DESC, b.id DESC LIMIT 1
      ) p ON true
     WHERE a.tenant_id = ${store.tenantId} AND a.id = ANY(${ids}::bigint[])`.render();
  const rows = (await store.client.query(text, values)).rows as Array<{ id: number | string; damages: unknown }>;
  return new Map(rows.map((row) => [Number(row.id), row.damages ?? []]));
}

const personName = (row: RecordRow | undefined) =>
  row ? [row.data.name, row.data.last_name].filter((part) => typeof part === 'string' && part).join(' ') || null : null;

export function handoverActListRoutes(app: FastifyInstance, options: HandWrittenOptions, done: () => void) {
  const { database } = options;
  const acts = engineResource(app, 'handover-acts');
  // Only looked up for labels: their sensitive fields never reach an answer.
  const transport = engineResource(app, 'transport', 'looked-up');
  const employees = engineResource(app, 'employees', 'looked-up');

  app.get('/api/transport/handover-acts', guard(app)('transport.view', { query: QUERY_DOCUMENTED }), async (request) => {
    const { value: query, errors } = readActListQuery(request.query as Record<string, unknown>);
    if (hasErrors(errors)) throw invalid(errors);
    const store = readStore(database, request);
    const scope = query.transportId === undefined ? {} : { parentId: query.transportId };
    const conditions = conditionsOf(query);
    const total = await store.count(acts, scope, conditions);
    const rows = await store.page(acts, scope, conditions, sql`data->>'date' DESC NULLS LAST, id DESC`, query.perPage, (query.page - 1) * query.perPage);
    const vehicles = await byIds(
      store,
      transport,
      rows.map((row) => Number(row.parent_id)),
    );
    const people = await byIds(
      store,
      employees,
      rows.flatMap((row) => [row.data.transferred_by_id, row.data.received_by_id]).filter((id): id is number => typeof id === 'number'),
    );
    const previous = await previousDamages(
      store,
      acts,
      rows.map((row) => Number(row.id)),
    );
    const data = rows.map((row) => {
      const vehicle = vehicles.get(Number(row.parent_id));
      const before = previous.get(Number(row.id));
      return {
        ...toWire(acts, row),
        vehicle_label: vehicle ? recordLabel(transport.definition, vehicle.data) : null,
        transferred_by_name: personName(people.get(Number(row.data.transferred_by_id))),
        received_by_name: personName(people.get(Number(row.data.received_by_id))),
        new_damages: before === undefined ? null : compareActs({ id: 0, damages: before }, row.data).new_damages.length,
      };
    });
    return {
      data,
      pagination: { total, currentPage: query.page, perPage: query.perPage, lastPage: Math.max(1, Math.ceil(total / query.perPage)) },
    };
  });
  done();
}
