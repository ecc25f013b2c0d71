/**
 * Routes generated for every endpoint in each resource's `api` (SPEC §7 paths under /api, exactly as
 * the registry gives them): `{id}` is the record id, the parent's `param` its parent, `pathFields`
 * params fill reference fields. Every id in a path must be a positive integer of this tenant, else 404,
 * the same 404 as a missing one, so ids of other tenants cannot be told apart from unused ones.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { holds, permissionName, SENSITIVE_RIGHT, type Action as Right } from '../../resources/permissions';
import { untranslatedLabel } from '../../resources/field-labels';
import { toFieldMessages } from '../../validation/field-errors';
import { canonicalText, dropEmptyOptionalFields } from '../../validation/normalize-body';
import type { Database } from '../db/database';
import { HttpError, notFound } from '../http-error';
import {
  blockingWarnings,
  createRecord,
  hasErrors,
  hashWriteOnly,
  invalid,
  refuseStoring,
  uniqueViolation,
  validateRecord,
  wireWarnings,
} from './create-record';
import { recordSensitiveReads } from './audit';
import { unstorableFields } from './body';
import { readCursor } from './cursor';
import { deleteImpact, deleteImpactPath, dependantsOf } from './delete-impact';
import { listPage } from './list-pipeline';
import { labelFields, labelRecord, labelRights, labelsAsked, refuseBeyondLabels } from './label-reads';
import type { ListTotals } from './list-totals';
import type { ResourceRules } from './rule-types';
import { tabCounts } from './tab-counts';
import { parseListQuery } from './list-query';
import { listQuerySchemas } from './openapi-parameters';
import { maskRecord, sensitiveFieldsIn, withoutSensitiveWrites } from './masking';
import { endpointsOf, type EndpointAction as Action, type EngineModel, type EngineResource } from './model';
import { define, toWire, withoutProtectedFields, type RecordRow } from './records';
import { checkReferences, deleteWithRules } from './references';
import { pathId, scopeOfPath } from './scope';
import { EngineStore } from './store';
import { createOnce, keyedCreateOf, markReplayed } from './idempotency';

/** The right each generated endpoint needs (checked by plugins/auth.ts before the handler runs). */
const RIGHT_OF: Record<Action, Right> = { list: 'view', show: 'view', create: 'create', update: 'update', delete: 'delete' };

/** Whether this request's member sees sensitive fields unmasked (masking.ts). */
export function seesSensitive(request: FastifyRequest): boolean {
  return holds(request.user.data, SENSITIVE_RIGHT);
}

/** A field's label in the request's language (the web app's `<resource>.fields.<field>`), for messages that name it. */
function fieldLabelsIn(request: FastifyRequest, resource: EngineResource): (field: string) => string {
  return (field) => {
    const key = `${resource.name}.fields.${field}`;
    const text = request.t(key);
    return text && text !== key ? text : untranslatedLabel(resource.properties[field], field);
  };
}

/** `/{companyId}/banks/update/{id}` → `/api/:companyId/banks/update/:id`. */
export function fastifyPath(path: string): string {
  return `/api${path.replace(/\{(\w+)\}/g, ':$1')}`;
}

export function registerResourceRoutes(
  app: FastifyInstance,
  database: Database,
  model: EngineModel,
  resource: EngineResource,
  { totals, rules }: { totals?: ListTotals; rules?: ResourceRules } = {},
) {
  const { definition } = resource;
  const parent = definition.parent;
  const required = new Set(resource.loaded.schema.required ?? []);
  const writeOnly = new Set(
    Object.entries(resource.properties)
      .filter(([, property]) => property.writeOnly === true)
      .map(([field]) => field),
  );
  const creating = (request: FastifyRequest) => ({ model, resource, rules, actor: request.user, t: request.t });

  /** The record as this request's member may see it. */
  function wire(request: FastifyRequest, row: RecordRow): Record<string, unknown> {
    const record = toWire(resource, row);
    return seesSensitive(request) ? record : maskRecord(resource, record);
  }

  const scopeOf = (request: FastifyRequest, store: EngineStore) => scopeOfPath(request.params as Record<string, string>, store, model, resource);

  /** The body as data to validate: an object, server-owned fields dropped, optional blanks dropped. */
  function bodyData(body: unknown): Record<string, unknown> {
    const cleaned = withoutProtectedFields(resource, body ?? {});
    if (cleaned === null || typeof cleaned !== 'object' || Array.isArray(cleaned)) throw invalid({ '': [{ key: 'validation.type.object' }] });
    const unstorable = unstorableFields(cleaned as Record<string, unknown>);
    if (hasErrors(unstorable)) throw invalid(unstorable);
    return canonicalText(resource.loaded.schema, cleaned as Record<string, unknown>);
  }

  /**
   * Fields computed in code for the records answered (rule-types.ts `annotate`), a page at once: lists, a
   * show and a save's answer carry them alike, so a saved record reads as the show page will read it.
   */
  async function annotate(request: FastifyRequest, records: Array<Record<string, unknown>>) {
    if (!rules?.annotate || records.length === 0) return;
    await rules.annotate({ client: database.pool, model, resource, reader: request.user, t: request.t }, records);
  }

  /** One transaction; its store writes the audit trail as the request's member. */
  async function write<T>(work: (store: EngineStore) => Promise<T>, request: FastifyRequest): Promise<T> {
    try {
      return await database.transaction((client) => work(new EngineStore(client, request.user.tenant_id, request.user)));
    } catch (error) {
      throw uniqueViolation(error) ?? error;
    }
  }

  const handlers: Record<Action, (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>> = {
    // parse → plan, read (one statement), answer (list-pipeline.ts) → wire.
    async list(request) {
      // A member who reaches the list by a referencing resource's right reads labels only (label-reads.ts), and so
      // does anyone who asks for them (`labels=true`: a reference cell's or a picker's request).
      const asked = request.query as Record<string, unknown>;
      const viewer = holds(request.user.data, permissionName(definition.permission, 'view'));
      const labelsOnly = labelsAsked(asked) || !viewer;
      if (labelsOnly) refuseBeyondLabels(asked, { viewer });
      const store = new EngineStore(database.pool, request.user.tenant_id);
      const scope = await scopeOf(request, store);
      const pathParameters = Object.keys(request.params as object);
      const sensitive = !labelsOnly && seesSensitive(request);
      const query = parseListQuery(resource, request.query as Record<string, unknown>, pathParameters, {
        hidden: sensitive ? [] : resource.sensitiveFields,
        ...(viewer ? {} : { searchWithin: labelFields(resource) }),
      });
      const position = readCursor(resource, query, scope);
      const { rows, total, totalCapped, currentPage, nextCursor, previousCursor } = await listPage(store, resource, scope, query, position, totals);
      if (sensitive)
        await recordSensitiveReads(
          database.pool,
          request.user,
          resource,
          rows.map((row) => ({ id: row.id, fields: sensitiveFieldsIn(resource, row.data) })),
        );
      // A member who may view the records also gets what tells two alike labels apart (`labelDetail`, masked).
      const records = rows.map((row) =>
        labelsOnly ? labelRecord(resource, maskRecord(resource, toWire(resource, row)), { detail: viewer }) : wire(request, row),
      );
      if (!labelsOnly) await annotate(request, records);
      return {
        data: records,
        pagination: {
          total,
          ...(totalCapped ? { totalCapped } : {}),
          currentPage,
          perPage: query.perPage,
          lastPage: Math.max(1, Math.ceil(total / query.perPage)),
          nextCursor,
          previousCursor,
        },
      };
    },

    async show(request) {
      const id = pathId((request.params as Record<string, string>).id);
      const store = new EngineStore(database.pool, request.user.tenant_id);
      const row = await store.find(resource, id, await scopeOf(request, store));
      if (!row) throw notFound();
      if (seesSensitive(request))
        await recordSensitiveReads(database.pool, request.user, resource, [{ id: row.id, fields: sensitiveFieldsIn(resource, row.data) }]);
      const record = wire(request, row);
      await annotate(request, [record]);
      return { data: record };
    },

    async create(request, reply) {
      const body = seesSensitive(request)
        ? bodyData(request.body)
        : withoutSensitiveWrites(resource, bodyData(request.body), null, fieldLabelsIn(request, resource));
      const data = dropEmptyOptionalFields(resource.loaded.schema, body) as Record<string, unknown>;
      // A send retried with its Idempotency-Key answers the record the first made (idempotency.ts).
      const keyed = keyedCreateOf(request, request.body);
      const { made, replayed } = await write(async (store) => {
        const scope = await scopeOf(request, store);
        return createOnce(
          store.client,
          keyed,
          async (earlier) => {
            const row = await store.find(resource, earlier, scope);
            return row && { row, warnings: undefined };
          },
          async () => {
            const created = await createRecord(store, creating(request), data, scope);
            return { made: created, id: created.row.id };
          },
        );
      }, request);
      markReplayed(reply, replayed);
      const record = wire(request, made.row);
      await annotate(request, [record]);
      return { message: request.t('crud.created'), data: record, ...(made.warnings ? { warnings: made.warnings } : {}) };
    },

    async update(request) {
      const id = pathId((request.params as Record<string, string>).id);
      const body = request.body as Record<string, unknown> | undefined;
      const version = body && typeof body === 'object' ? body.version : undefined;
      const sent = bodyData(body);
      if (version === undefined || version === null) throw invalid({ version: [{ key: 'validation.required' }] });
      if (typeof version !== 'number' || !Number.isInteger(version)) throw invalid({ version: [{ key: 'validation.type.integer' }] });
      const row = await write(async (store) => {
        const scope = await scopeOf(request, store);
        const current = await store.find(resource, id, scope, 'FOR NO KEY UPDATE');
        if (!current) throw notFound();
        if (current.version !== version) throw new HttpError(409, 'errors.stale');
        const changes = seesSensitive(request) ? sent : withoutSensitiveWrites(resource, sent, current.data, fieldLabelsIn(request, resource));
        const data = mergedData(resource, required, writeOnly, current, changes);
        for (const [field, value] of Object.entries(scope.fields ?? {})) define(data, field, value);
        validateRecord(resource, data);
        const context = { client: store.client, store, model, resource, actor: request.user, t: request.t };
        await refuseStoring(store, context, { id, data, current: current.data, parentId: scope.parentId }, { rules, scope });
        await hashWriteOnly(resource, data, current.data);
        const taken = (await rules?.beforeWrite?.(context, { id, data, current: current.data, parentId: scope.parentId })) ?? {};
        const warnings = await blockingWarnings(context, { id, data, current: current.data, parentId: scope.parentId }, rules);
        let updated = await store.update(resource, id, data, request.user.id, current.data);
        if (rules?.afterWrite) {
          await rules.afterWrite(context, { id, data, current: current.data, taken, parentId: scope.parentId });
          updated = (await store.find(resource, id, {})) ?? updated;
        }
        return { row: updated, warnings };
      }, request);
      const record = wire(request, row.row);
      await annotate(request, [record]);
      return { message: request.t('crud.updated'), data: record, ...(row.warnings ? { warnings: row.warnings } : {}) };
    },

    async delete(request) {
      const id = pathId((request.params as Record<string, string>).id);
      await write(async (store) => {
        const scope = await scopeOf(request, store);
        const current = await store.find(resource, id, scope, 'FOR UPDATE');
        if (!current) throw notFound();
        await rules?.beforeDelete?.(
          { client: store.client, store, model, resource, actor: request.user, t: request.t },
          { id, data: current.data, parentId: scope.parentId },
        );
        await deleteWithRules(store, model, resource, id);
      }, request);
      return { message: request.t('crud.deleted') };
    },
  };

  // The tabs of a list (`listTabs`): how many records each value of the field has under the list's own
  // filters and search, e.g. `GET /api/employees/counts?by=category&company_id=3` → `{ data: { staff: 12 } }`,
  // kept until the table is written (tab-counts.ts).
  const tabField = definition.listTabs?.field;
  if (tabField && definition.api.list) {
    app.get(fastifyPath(`${definition.api.list.path}/counts`), {
      onRequest: app.authenticate,
      config: {
        permission: permissionName(definition.permission, 'view'),
        // The list's filters and search; its paging and order do not change a count.
        query: {
          by: { type: 'string', enum: [tabField], 'x-required': true },
          ...listQuerySchemas(resource, ['page', 'perPage', 'sort', 'order', 'cursor', 'labels', 'ids']),
        },
      },
      handler: async (request) => {
        const { by, ...listParameters } = request.query as Record<string, unknown>;
        if (by !== tabField) throw invalid({ by: [{ key: 'validation.enum' }] });
        const store = new EngineStore(database.pool, request.user.tenant_id);
        const scope = await scopeOf(request, store);
        const sensitive = seesSensitive(request);
        const query = parseListQuery(resource, listParameters, Object.keys(request.params as object), { hidden: sensitive ? [] : resource.sensitiveFields });
        const fallback = resource.properties[tabField]?.default;
        return {
          data: await tabCounts(
            store,
            resource,
            scope,
            query.conditions,
            { field: tabField, fallback: typeof fallback === 'string' ? fallback : undefined },
            totals,
          ),
        };
      },
    });
  }

  // A body's warnings without storing it (`check` in the definition; rule-types.ts `warnings`): what the form
  // shows as soon as the fields they depend on are filled in. Only the fields sent are validated (a form
  // half filled in is checked too), references are checked as a save checks them (another tenant's id is a
  // 422, exactly like one that never existed), and a tenant setting that blocks saves does not block this.
  const check = definition.check;
  if (check && rules?.warnings && !parent) {
    const warningsRule = rules.warnings.bind(rules);
    app.route({
      method: check.method,
      url: fastifyPath(check.path),
      onRequest: app.authenticate,
      config: { permission: permissionName(definition.permission, 'view') },
      handler: async (request) => {
        const data = dropEmptyOptionalFields(resource.loaded.schema, bodyData(request.body)) as Record<string, unknown>;
        if (!resource.loaded.validate(data)) {
          const errors = (resource.loaded.validate.errors ?? []).filter((error) => error.keyword !== 'required');
          if (errors.length > 0) throw invalid(toFieldMessages(errors, data));
        }
        const store = new EngineStore(database.pool, request.user.tenant_id);
        // Nothing is written here: no transaction to hold the records named.
        const references = await checkReferences(store.client, model, resource, store.tenantId, data, { lock: false });
        if (hasErrors(references)) throw invalid(references);
        const context = { client: store.client, store, model, resource, actor: request.user, t: request.t };
        return { warnings: wireWarnings(request.t, await warningsRule(context, { id: null, data, current: null })) };
      },
    });
  }

  // What deleting a record would do to the records that name it (delete-impact.ts), asked by the delete question;
  // for the members who may delete it. Another tenant's id is a 404, as everywhere.
  const dependants = dependantsOf(model, resource);
  if (definition.api.delete && dependants.length > 0) {
    app.get(fastifyPath(deleteImpactPath(resource)), {
      onRequest: app.authenticate,
      config: { permission: permissionName(definition.permission, 'delete') },
      handler: async (request) => {
        const id = pathId((request.params as Record<string, string>).id);
        const store = new EngineStore(database.pool, request.user.tenant_id);
        if (!(await store.find(resource, id, {}))) throw notFound();
        return { data: await deleteImpact(store.client, dependants, store.tenantId, id) };
      },
    });
  }

  // The list also answers labels to the members of resources that reference this one (label-reads.ts).
  const listRights = parent ? [] : labelRights(model, resource);
  for (const [action, endpoint] of endpointsOf(definition.api)) {
    const right = permissionName(definition.permission, RIGHT_OF[action]);
    app.route({
      method: endpoint.method,
      url: fastifyPath(endpoint.path),
      onRequest: app.authenticate,
      config: { permission: action === 'list' && listRights.length > 0 ? [right, ...listRights] : right },
      handler: handlers[action],
    });
  }
}

/**
 * An update changes the fields it sends and keeps the others (a form may send only what it shows);
 * an optional field sent as "" or null is cleared. Stored fields the schema no longer has are left
 * out, so a property an admin removed does not make every later update a 422.
 */
function mergedData(
  resource: EngineResource,
  required: Set<string>,
  writeOnly: Set<string>,
  current: RecordRow,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(current.data ?? {})) {
    // A stored hash is not what the schema describes: it is put back after validation (hashWriteOnly).
    if (Object.hasOwn(resource.properties, field) && !writeOnly.has(field)) define(data, field, value);
  }
  for (const [field, value] of Object.entries(changes)) {
    if (!required.has(field) && (value === '' || value === null)) delete data[field];
    else define(data, field, value);
  }
  return data;
}
