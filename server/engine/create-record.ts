/**
 * Creating one record as `POST <list>/store` does it, for the generated route and for a file import
 * (server/import-export/), so an imported row meets exactly the schema, references and rules of a form:
 * path-fixed fields, validation, references within the tenant, write-only fields hashed, the resource's rules
 * (beforeWrite, warnings that may block, afterWrite) and the insert with its audit entry, all on the caller's
 * store, inside the caller's transaction.
 */
import { toFieldMessages } from '../../validation/field-errors';
import { addMessage, type FieldMessages } from '../../validation/messages';
import type { UserRow } from '../auth/users';
import { hashPassword } from '../auth/passwords';
import { passwordWeakness } from '../auth/password-strength';
import { HttpError } from '../http-error';
import type { Translate } from '../i18n/i18n';
import type { EngineModel, EngineResource } from './model';
import { define, type RecordRow } from './records';
import { checkReferences } from './references';
import type { ResourceRules, RuleContext, RuleWarnings, WriteFacts } from './rule-types';
import type { EngineStore, Scope } from './store';
import { takenUniqueValues } from './unique-fields';
import { unknownLookups } from './lookup-fields';

/** A 422 with messages per field, as every refused write answers. */
export function invalid(fieldErrors: FieldMessages): HttpError {
  return new HttpError(422, 'errors.invalidData', { fieldErrors });
}

/** A unique index refused the write (e.g. a member's login taken): a 422 on the field its name ends with. */
export function uniqueViolation(error: unknown): HttpError | null {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  if (code !== '23505') return null;
  const field = /_(?:one|unique)_(\w+)$/.exec(constraint ?? '')?.[1] ?? '';
  return invalid({ [field]: [{ key: 'validation.unique' }] });
}

export function hasErrors(errors: FieldMessages): boolean {
  return Object.keys(errors).length > 0;
}

/** Throws the schema's 422 for data that does not validate. */
export function validateRecord(resource: EngineResource, data: Record<string, unknown>): void {
  if (!resource.loaded.validate(data)) throw invalid(toFieldMessages(resource.loaded.validate.errors, data));
}

/**
 * The schema's check of a new record, and the fields the resource needs on create (`requiredOnCreate`: a member's
 * password), all said in one 422, as the create form says them.
 */
function validateNewRecord(resource: EngineResource, data: Record<string, unknown>): void {
  const problems = resource.loaded.validate(data) ? {} : toFieldMessages(resource.loaded.validate.errors, data);
  for (const field of resource.definition.requiredOnCreate ?? []) {
    if (data[field] === undefined || data[field] === null || data[field] === '') addMessage(problems, field, { key: 'validation.required' });
  }
  if (hasErrors(problems)) throw invalid(problems);
}

/**
 * A password (`x-widget: password`) an administrator sets for a member must be strong enough, as at registration,
 * change and reset (auth/password-strength.ts, with the member's login, e-mail and names as words an attacker
 * tries first): its weakness, under its field.
 */
async function passwordProblems(resource: EngineResource, data: Record<string, unknown>, stored?: Record<string, unknown>): Promise<FieldMessages> {
  const problems: FieldMessages = {};
  for (const [field, property] of Object.entries(resource.properties)) {
    if (property.writeOnly !== true || property['x-widget'] !== 'password' || typeof data[field] !== 'string') continue;
    const record = { ...stored, ...data };
    const text = (name: string) => (typeof record[name] === 'string' ? record[name] : null);
    const weakness = await passwordWeakness(data[field], { login: text('login'), email: text('email'), name: text('name'), lastName: text('last_name') });
    if (weakness) addMessage(problems, field, weakness);
  }
  return problems;
}

/**
 * writeOnly fields (a member's password) are stored as an argon2 hash and never returned; an update that does
 * not send one keeps the stored hash. Checked as sent before (refuseStoring), hashed here.
 */
export async function hashWriteOnly(resource: EngineResource, data: Record<string, unknown>, stored?: Record<string, unknown>): Promise<void> {
  for (const [field, property] of Object.entries(resource.properties)) {
    if (property.writeOnly !== true) continue;
    if (typeof data[field] === 'string') define(data, field, await hashPassword(data[field]));
    else if (stored && stored[field] !== undefined) define(data, field, stored[field]);
  }
}

/**
 * Everything that refuses a record its schema takes, said together in one 422, so a form is corrected in one go (a
 * member's weak password and taken login used to come one save after the other): references outside the tenant,
 * reference-list items the list does not hold, values the tenant holds already (`x-unique`), a weak password, and
 * values a rule finds taken (`takenValues`: a member's login, unique across every account).
 */
export async function refuseStoring(
  store: EngineStore,
  context: RuleContext,
  facts: WriteFacts,
  { rules, scope, referencesFound = false }: { rules?: ResourceRules; scope: Scope; referencesFound?: boolean },
): Promise<void> {
  const { model, resource } = context;
  const { id, data, current } = facts;
  const problems: FieldMessages = {};
  const add = (messages: FieldMessages) => {
    for (const [field, list] of Object.entries(messages)) for (const message of list) addMessage(problems, field, message);
  };
  if (!referencesFound) add(await checkReferences(store.client, model, resource, store.tenantId, data, current ? { previous: current } : {}));
  add(unknownLookups(model, resource, data, current));
  add(await takenUniqueValues(store, resource, scope, id, data, current));
  add(await passwordProblems(resource, data, current ?? undefined));
  if (rules?.takenValues) add(await rules.takenValues(context, facts));
  if (hasErrors(problems)) throw invalid(problems);
}

/** The rule's warnings on the wire, in the member's language: `{ field, ...detail, message }`. */
export function wireWarnings(t: Translate, result: RuleWarnings): Array<Record<string, unknown>> {
  return result.warnings.map(({ field, reason, detail }) => ({ field, ...detail, message: t(reason.key, reason.params) }));
}

/**
 * The rule's warnings for what is about to be stored (rule-types.ts `warnings`); when the tenant makes them
 * block, a 422 with each reason under its field, thrown inside the write so nothing is stored.
 */
export async function blockingWarnings(
  context: RuleContext,
  facts: WriteFacts,
  rules: ResourceRules | undefined,
): Promise<Array<Record<string, unknown>> | undefined> {
  if (!rules?.warnings) return undefined;
  const result = await rules.warnings(context, facts);
  if (result.warnings.length > 0 && (await result.blocks())) {
    const fieldErrors: FieldMessages = {};
    for (const { field, reason } of result.warnings) (fieldErrors[field] ??= []).push(reason);
    throw invalid(fieldErrors);
  }
  return wireWarnings(context.t, result);
}

export interface CreateRequest {
  model: EngineModel;
  resource: EngineResource;
  /** The resource's rules beyond its schema (server/rules/), if it has any. */
  rules?: ResourceRules;
  /** The signed-in member creating it (the audit trail's actor). */
  actor: UserRow;
  t: Translate;
  /** How the audit trail names it: `import` for a row of an imported file. */
  action?: 'create' | 'import';
  /**
   * The references were found among this tenant's records by the caller (an import reads them by label,
   * import-export/reference-labels.ts): not looked up again, a round trip a row saved.
   */
  referencesFound?: boolean;
}

/**
 * Creates `data` (already cleaned of server-owned fields, sensitive writes and optional blanks) within `scope`
 * on the store's transaction. Throws an HttpError (422 with field messages) when anything refuses it.
 */
export async function createRecord(
  store: EngineStore,
  request: CreateRequest,
  data: Record<string, unknown>,
  scope: Scope,
): Promise<{ row: RecordRow; warnings: Array<Record<string, unknown>> | undefined }> {
  const { model, resource, rules, actor, t } = request;
  for (const [field, value] of Object.entries(scope.fields ?? {})) define(data, field, value);
  validateNewRecord(resource, data);
  const context: RuleContext = { client: store.client, store, model, resource, actor, t };
  const facts: WriteFacts = { id: null, data, current: null, parentId: scope.parentId };
  await refuseStoring(store, context, facts, { rules, scope, referencesFound: request.referencesFound });
  await hashWriteOnly(resource, data);
  const taken = (await rules?.beforeWrite?.(context, facts)) ?? {};
  const warnings = await blockingWarnings(context, facts, rules);
  let created = await store.insert(resource, data, actor.id, scope.parentId, request.action ?? 'create');
  if (rules?.afterWrite) {
    await rules.afterWrite(context, { id: created.id, data, current: null, taken, parentId: scope.parentId });
    created = (await store.find(resource, created.id, {})) ?? created;
  }
  return { row: created, warnings };
}
