/**
 * Rules a resource needs beyond its schema (members: who may grant what; departments: their members
 * are stored on the members; orders: whether their crew and equipment hold over the trip). The engine
 * calls the write hooks inside the write's transaction, so a refusal (an HttpError) leaves nothing
 * written. A resource without rules is plain schema-driven CRUD.
 */
import type { UserRow } from '../auth/users';
import type { Queryable } from '../db/pool';
import type { Translate } from '../i18n/i18n';
import type { FieldMessages, ValidationMessage } from '../../validation/messages';
import type { EngineModel, EngineResource } from './model';
import type { EngineStore } from './store';

export interface RuleContext {
  client: Queryable;
  /** The write's store (same transaction; its writes go to the audit trail). */
  store: EngineStore;
  model: EngineModel;
  resource: EngineResource;
  /** The signed-in member doing the write. */
  actor: UserRow;
  /** The request's translator (its member's language), for texts a rule puts into parameters. */
  t: Translate;
}

/** What a read hook sees: the member reading (their rights decide what they may be told) and their language. */
export interface ReadContext {
  client: Queryable;
  model: EngineModel;
  resource: EngineResource;
  reader: UserRow;
  t: Translate;
}

/**
 * A problem that does not stop a write by itself: an order whose driver's licence expires during the trip.
 * On the wire: `{ field, ...detail, message }`, the message translated from `reason` in the member's language.
 */
export interface RuleWarning {
  /** The body's field the problem is about (where a form shows it; where a blocking 422 puts it). */
  field: string;
  reason: ValidationMessage;
  /** What else a client gets about it (for an order: the subject, the kind, the valid-until date, the state). */
  detail: Record<string, unknown>;
}

export interface RuleWarnings {
  warnings: RuleWarning[];
  /**
   * Whether the tenant wants these to stop the write (orders: the tenant setting `orders_block_on_compliance`):
   * asked only by a save that has warnings (never by the check), which then answers 422 `errors.invalidData`
   * with each warning's reason under its field and writes nothing.
   */
  blocks(): Promise<boolean>;
}

export interface WriteFacts {
  /** null on create. */
  id: number | null;
  /** What will be stored: validated, references checked; a rule may take fields out of it. */
  data: Record<string, unknown>;
  /** The stored data before this write; null on create. */
  current: Record<string, unknown> | null;
  /** The owning record's id, for a sub-resource (its path's parent parameter). */
  parentId?: number;
}

export interface ResourceRules {
  /**
   * Values of the record that another record holds already where `x-unique` cannot say so (a member's login and
   * e-mail, unique across every account): refused with the record's other problems in one 422 (create-record.ts
   * refuseStoring). A write that races past it is still refused by the database's unique index.
   */
  takenValues?(context: RuleContext, facts: WriteFacts): Promise<FieldMessages>;
  /** Before storing; answers the fields it took out of `data`, handed to afterWrite. */
  beforeWrite?(context: RuleContext, facts: WriteFacts): Promise<Record<string, unknown> | void>;
  /** After storing, same transaction. */
  afterWrite?(context: RuleContext, facts: WriteFacts & { id: number; taken: Record<string, unknown> }): Promise<void>;
  /**
   * Problems of the record about to be stored (validated, references checked): the engine calls it inside the
   * write, just before storing, and answers them as `warnings` beside `data` (an empty list when there are
   * none), or refuses the write when they block. A resource that declares `check` (resources/types.ts) gets
   * `POST <check path>`, which answers `{ warnings }` for a body without storing it (facts.id null, current
   * null; only the fields present are validated there, so `data` may lack required fields).
   */
  warnings?(context: RuleContext, facts: WriteFacts): Promise<RuleWarnings>;
  /**
   * Read-only fields computed in code for the records answered — a list page, a show, a save's `data` (an
   * order's `compliance_warnings`) — set on the wire records in place. Called once per page with every record of
   * it, so the work is one batched query, never one per row. The fields are `readOnly` in the schema.
   */
  annotate?(context: ReadContext, records: Array<Record<string, unknown>>): Promise<void>;
  /** Before the record and what depends on it go; `parentId`: the owning record's, for a sub-resource. */
  beforeDelete?(context: RuleContext, record: { id: number; data: Record<string, unknown>; parentId?: number }): Promise<void>;
}

/**
 * Each resource's rules beyond its schema, by resource name: handed in by the app (server/rules/index.ts), so
 * the engine knows what a rule may do, not which rules there are.
 */
export type RuleRegistry = Readonly<Record<string, ResourceRules>>;
