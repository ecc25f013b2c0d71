/**
 * Orders check their crew and equipment (issue 14 part 5): every obligation of an order's parties — its
 * drivers (employees), its vehicle and its trailer — must hold over the trip's window, from the loading
 * date to the unloading date (with one of them, that day; with neither, nothing is checked). A problem is
 * an obligation that ends before the window's last day (`valid_until` < the unloading date: expired before
 * the trip, or expiring during it) or a required one the party lacks.
 *
 * One call of the compliance core (`obligationsOf`, subjects.ts) for every party of every order given: the
 * check of one order's body and the marks of a whole list page cost one query each, never one per party or
 * per row.
 *
 * A problem's `state` is relative to the trip, not to today: `expired` (not valid on the loading day),
 * `expiring` (valid when the trip starts, ends before it is over), `missing` (a required one is lacking).
 *
 * Rights: a member who may not see a subject type (SUBJECT_RIGHTS: a dispatcher without `employees.view`)
 * still learns that the party they chose has a problem — that is the point of the check, and they named
 * the party themselves — but not what it is: such a party's problems fold into one `hidden` problem per
 * field, with no label, kind, document name or date (hiddenProblem below).
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { ValidationMessage } from '../../validation/messages';
import { onEmbeddedDatabase, type Queryable } from '../db/pool';
import type { EngineModel } from '../engine/model';
import type { Translate } from '../i18n/i18n';
import { partiesObligations } from './obligations-cache';
import { obligationsOf } from './subjects';
import { readsKind, type ComplianceItem, type ComplianceState, type Holds, type ObligationKind, type SubjectType } from '../../resources/compliance';

/** The order's fields that name a party, and what kind of subject each names. */
export const ORDER_PARTIES: ReadonlyArray<{ field: string; type: SubjectType }> = [
  { field: 'primary_driver_id', type: 'employee' },
  { field: 'secondary_driver_id', type: 'employee' },
  { field: 'transport_id', type: 'vehicle' },
  { field: 'trailer_id', type: 'trailer' },
];

/** The parties one order names at most (ORDER_PARTIES): two drivers, a vehicle, a trailer. */
const ONE_ORDERS_PARTIES = ORDER_PARTIES.length;

/**
 * The core's call on one connection that keeps generic plans of its statement. The statement for a few
 * subjects unites every source's query: planning it took three to five times as long as running it (4–8 ms
 * against 1–1.5 ms at the bench's full size), and PostgreSQL kept planning it anew (its estimate for a generic
 * plan of `= ANY($ids)` looks worse than the custom plans, though the plan is the same: each source starts
 * at the subjects' primary keys). Named (prepared once per connection) and with `plan_cache_mode` set to
 * `force_generic_plan` for this call only, the call's median went from 5.5 ms to 2.3 ms on the same busy
 * machine, with the same answers. The setting goes back at once: every other statement is planned as
 * before. Its variants are few (which subject types an order names), so a connection keeps only a handful.
 */
async function withGenericPlans<T>(client: Queryable, subjects: number, work: (client: Queryable) => Promise<T>): Promise<T> {
  // Not on the embedded database for more than one order's parties: there, at the bench's full size, the generic
  // plan ran 33–67 ms a call for two to ten orders' parties against 7–23 ms planned each time, which doubled a list
  // page's first showing of new orders (issue 16: a new search's second page 61–116 ms, then 26–58 ms). One order's
  // (a save, a check, a show) keeps it: planning alone takes ~11 ms there, twice what a save's check cost on a small
  // tenant's data with the generic plan (bench:pages, create and update).
  if (subjects > ONE_ORDERS_PARTIES && onEmbeddedDatabase(client)) return work(client);
  // The pool hands each statement to any connection: the three statements need one. Anything that is neither
  // the pool nor one of its connections (a transaction's) gets the plain call: a setting must not stray.
  const isPool = client instanceof pg.Pool;
  if (!isPool && typeof (client as Partial<pg.PoolClient>).release !== 'function') return work(client);
  const own = isPool ? await client.connect() : null;
  const connection: Queryable = own ?? client;
  const named: Queryable = {
    query: ((text: string, values?: unknown[]) =>
      connection.query({ name: `order-check-${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text, values })) as Queryable['query'],
  };
  let broken: Error | undefined;
  try {
    await connection.query('SET plan_cache_mode = force_generic_plan');
    try {
      return await work(named);
    } finally {
      // In a failed transaction this fails too, and the rollback puts the setting back anyway.
      await connection.query('RESET plan_cache_mode').catch((error: unknown) => {
        if (own) broken = error instanceof Error ? error : new Error(String(error));
      });
    }
  } finally {
    // A connection whose setting could not be put back is not handed to anyone else.
    own?.release(broken);
  }
}

/** The trip's first and last day, 'YYYY-MM-DD'. */
export interface TripWindow {
  from: string;
  to: string;
}

export interface OrderProblem {
  field: string;
  subject: { type: SubjectType; id: number; label: string | null };
  kind: ObligationKind | null;
  type_name: string | null;
  valid_until: string | null;
  /** Relative to the trip (see the header). */
  state: ComplianceState;
  /** The member may not see this subject type: no label, kind, name or date. */
  hidden: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOf = (value: unknown) => (typeof value === 'string' && DATE.test(value) ? value : null);
const idOf = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);

export function tripWindow(order: Record<string, unknown>): TripWindow | null {
  const loading = dateOf(order.loading_date);
  const unloading = dateOf(order.unloading_date);
  const first = loading ?? unloading;
  const last = unloading ?? loading;
  if (!first || !last) return null;
  // Validation keeps unloading ≥ loading; a stored order from before the rule still gets a sane window.
  return first <= last ? { from: first, to: last } : { from: last, to: first };
}

/** Where a problem stands against the trip: `null` when the obligation holds over the whole window. */
function tripState(item: ComplianceItem, window: TripWindow): ComplianceState | null {
  if (item.state === 'missing' || item.valid_until === null) return 'missing';
  if (item.valid_until >= window.to) return null;
  return item.valid_until < window.from ? 'expired' : 'expiring';
}

const SEVERITY: Record<ComplianceState, number> = { expired: 0, missing: 1, expiring: 2 };

function hiddenProblem(field: string, type: SubjectType, id: number, problems: OrderProblem[]): OrderProblem {
  const state = problems.map((problem) => problem.state).sort((a, b) => SEVERITY[a] - SEVERITY[b])[0] ?? 'expired';
  return { field, subject: { type, id, label: null }, kind: null, type_name: null, valid_until: null, state, hidden: true };
}

/**
 * The problems of each order given, in the order given (an order without a window or parties has none).
 * `holds` is the reader's rights: it decides what each problem may tell (see the header).
 */
export async function orderProblems(
  client: Queryable,
  model: EngineModel,
  tenantId: number,
  orders: ReadonlyArray<Record<string, unknown>>,
  holds: Holds,
): Promise<OrderProblem[][]> {
  const windows = orders.map(tripWindow);
  const subjects = new Map<string, { type: SubjectType; id: number }>();
  let until = '';
  orders.forEach((order, index) => {
    const window = windows[index];
    if (!window) return;
    for (const { field, type } of ORDER_PARTIES) {
      const id = idOf(order[field]);
      if (id === null) continue;
      subjects.set(`${type}:${id}`, { type, id });
      if (window.to > until) until = window.to;
    }
  });
  if (subjects.size === 0) return orders.map(() => []);

  // Ends before the latest window's last day (exclusive), plus the gaps; each order keeps what cuts its own window.
  // From the parties' obligations kept in memory where the check reads on the pool (obligations-cache.ts).
  const items = await partiesObligations(client, tenantId, [...subjects.values()], until, (reader, wanted, date) =>
    withGenericPlans(reader, wanted.length, (connection) => obligationsOf(connection, model, tenantId, wanted, date)),
  );
  // Pushed, not copied: a list page of 50 orders names ~100 parties with several obligations each.
  const bySubject = new Map<string, ComplianceItem[]>();
  for (const item of items) {
    const key = `${item.subject.type}:${item.subject.id}`;
    const found = bySubject.get(key);
    if (found) found.push(item);
    else bySubject.set(key, [item]);
  }

  return orders.map((order, index) => {
    const window = windows[index];
    if (!window) return [];
    const problems: OrderProblem[] = [];
    for (const { field, type } of ORDER_PARTIES) {
      const id = idOf(order[field]);
      if (id === null) continue;
      const found: OrderProblem[] = [];
      for (const item of bySubject.get(`${type}:${id}`) ?? []) {
        const state = tripState(item, window);
        if (state === null) continue;
        found.push({ field, subject: item.subject, kind: item.kind, type_name: item.type_name, valid_until: item.valid_until, state, hidden: false });
      }
      if (found.length === 0) continue;
      // What the reader may not read (a vehicle without the right, or its maintenance without the repairs right) is
      // said without its details.
      const readable = found.filter((problem) => problem.kind !== null && readsKind(holds, type, problem.kind));
      const unreadable = found.filter((problem) => !readable.includes(problem));
      problems.push(...readable);
      if (unreadable.length > 0) problems.push(hiddenProblem(field, type, id, unreadable));
    }
    return problems;
  });
}

/** What the problem is called in a message: an HR document's or a vehicle column's own name, else its kind's. */
function obligationName(problem: OrderProblem, t: Translate): string {
  const named = problem.kind === 'document' || problem.kind === 'vehicle-document';
  return named && problem.type_name ? problem.type_name : t(`orderCheck.kinds.${problem.kind ?? 'document'}`);
}

/** The problem as a translatable message (`orderCheck.*`): the form's alert, a blocking 422's field error, the list's tooltip. */
export function problemReason(problem: OrderProblem, t: Translate): ValidationMessage {
  if (problem.hidden) return { key: `orderCheck.hidden.${problem.state}`, params: { party: t(`orders.fields.${problem.field}`) } };
  const subject = problem.subject.label ?? `#${problem.subject.id}`;
  const document = obligationName(problem, t);
  if (problem.state === 'missing') return { key: 'orderCheck.missing', params: { subject, document } };
  return { key: `orderCheck.${problem.state}`, params: { subject, document, date: problem.valid_until ?? '' } };
}

/** The problem's fields on the wire beside `field` and `message` (the answer's `warnings` items). */
export function problemDetail(problem: OrderProblem): Record<string, unknown> {
  return { subject: problem.subject, kind: problem.kind, type_name: problem.type_name, valid_until: problem.valid_until, state: problem.state };
}
