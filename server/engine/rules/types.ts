/**
 * Rules a resource needs beyond its schema (members: who may grant what; departments: their members
 * are stored on the members). The engine calls them inside the write's transaction, so a refusal
 * (an HttpError) leaves nothing written. A resource without rules is plain schema-driven CRUD.
 */
import type { UserRow } from '../../auth/users';
import type { Queryable } from '../../db/pool';
import type { EngineModel, EngineResource } from '../model';
import type { EngineStore } from '../store';

export interface RuleContext {
  client: Queryable;
  /** The write's store (same transaction; its writes go to the audit trail). */
  store: EngineStore;
  model: EngineModel;
  resource: EngineResource;
  /** The signed-in member doing the write. */
  actor: UserRow;
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
  /** Before storing; answers the fields it took out of `data`, handed to afterWrite. */
  beforeWrite?(context: RuleContext, facts: WriteFacts): Promise<Record<string, unknown> | void>;
  /** After storing, same transaction. */
  afterWrite?(context: RuleContext, facts: WriteFacts & { id: number; taken: Record<string, unknown> }): Promise<void>;
  /** Before the record and what depends on it go. */
  beforeDelete?(context: RuleContext, record: { id: number; data: Record<string, unknown> }): Promise<void>;
}
