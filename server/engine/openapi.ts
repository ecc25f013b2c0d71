/**
 * The OpenAPI 3.1 document, generated from the registry and the prepared schemas (hand-written: a
 * few dozen lines, where @fastify/swagger would need every generic route to carry schemas that the
 * engine validates itself). JSON Schema 2020-12 is OpenAPI 3.1's dialect, so the entity schemas go in
 * `components.schemas` as they are, `$id` dropped and the x- annotations kept (OpenAPI allows `x-`
 * extensions anywhere; clients such as generators ignore them).
 */
import type { PropertySchema } from '../../validation/prepare-schema';
import { deleteImpactPath, dependantsOf } from './delete-impact';
import { endpointsOf, type EngineModel, type EngineResource } from './model';
import { labelRights } from './label-reads';
import { HAND_WRITTEN_OPERATIONS } from './openapi-hand-written';
import { ERROR_SCHEMA, errorResponses } from './openapi-errors';
import { identifier, resourceOperation, resourceWords, type Translate } from './openapi-names';
import { listQueryParameters, pathIdParameters } from './openapi-parameters';

type Json = Record<string, unknown>;

function componentName(resource: EngineResource): string {
  return resource.definition.schema.replace(/(^|[-_])(\w)/g, (_, __, letter: string) => letter.toUpperCase());
}

function recordSchema(resource: EngineResource): Json {
  const { $id: _id, ...schema } = resource.loaded.schema;
  return schema;
}

function wireRecordSchema(resource: EngineResource, name: string): Json {
  const system: Record<string, PropertySchema> = {
    [resource.idField]: { type: 'integer' },
    version: { type: 'integer' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
    created_by: { type: ['integer', 'null'] },
    updated_by: { type: ['integer', 'null'] },
  };
  if (resource.definition.parent) system[resource.definition.parent.field] = { type: 'integer' };
  return { allOf: [{ $ref: `#/components/schemas/${name}` }, { type: 'object', required: [resource.idField, 'version'], properties: system }] };
}

/** `t`: English, for the summaries (from the resources' titles). */
export function buildOpenApi(model: EngineModel, t: Translate): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const schemas: Record<string, Json> = {
    Error: ERROR_SCHEMA,
    Pagination: {
      type: 'object',
      properties: {
        total: { type: 'integer', description: 'The number of records the list has; with `totalCapped`, a lower bound' },
        totalCapped: {
          type: 'boolean',
          description: 'Present (true) when a search matches more records than its total is counted to (10,000): “more than `total`”',
        },
        currentPage: { type: 'integer' },
        perPage: { type: 'integer' },
        lastPage: { type: 'integer' },
        nextCursor: { type: ['string', 'null'], description: 'Send as `cursor=` for the next page (by keyset); null on the last page' },
        previousCursor: { type: ['string', 'null'], description: 'Send as `cursor=` for the previous page (by keyset); null on the first page' },
      },
    },
  };

  schemas.Warning = {
    type: 'object',
    description:
      'A problem that does not stop a save, in the language of the request. Orders: a party (field) whose obligation (kind, type_name) ends before the trip is over (valid_until; state: expired before the trip, expiring during it, or missing); subject.label, kind, type_name and valid_until are null for a member who may not see that subject type.',
    required: ['field', 'message'],
    properties: { field: { type: 'string' }, message: { type: 'string' } },
    additionalProperties: true,
  };

  for (const resource of model.resources) {
    const name = componentName(resource);
    schemas[name] = recordSchema(resource);
    schemas[`${name}Record`] = wireRecordSchema(resource, name);
    const record = { $ref: `#/components/schemas/${name}Record` };
    const words = resourceWords(resource, t, (other) => model.byName.get(other));
    for (const [action, endpoint] of endpointsOf(resource.definition.api)) {
      const parameters = pathIdParameters(endpoint.path);
      const changes = endpoint.method !== 'GET';
      const operation: Json = { ...resourceOperation(resource, action, words), tags: [resource.name], parameters };
      const traits = { signedIn: true, changes, pathIds: parameters.length > 0 };
      let responses: Json = {};
      if (action === 'list') {
        parameters.push(...listQueryParameters(resource));
        const labelReaders = resource.definition.parent ? [] : labelRights(model, resource);
        if (labelReaders.length > 0)
          operation.description = [
            operation.description,
            `A member without \`${resource.definition.permission}.view\` who holds one of ${labelReaders.map((right) => `\`${right}\``).join(', ')} (a resource that references this one) gets each record's id and label fields only, and may send page, perPage, cursor, search and ids.`,
          ]
            .filter(Boolean)
            .join(' ');
        responses = {
          200: {
            description: 'A page of records',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['data', 'pagination'],
                  properties: { data: { type: 'array', items: record }, pagination: { $ref: '#/components/schemas/Pagination' } },
                },
              },
            },
          },
          ...errorResponses({ ...traits, query: true, specific: { 422: 'Unknown or invalid query parameter' } }),
        };
      } else if (action === 'show') {
        responses = {
          200: { description: 'The record', content: { 'application/json': { schema: { type: 'object', required: ['data'], properties: { data: record } } } } },
          ...errorResponses(traits),
        };
      } else if (action === 'create' || action === 'update') {
        const body: Json =
          action === 'update'
            ? { allOf: [{ $ref: `#/components/schemas/${name}` }, { type: 'object', required: ['version'], properties: { version: { type: 'integer' } } }] }
            : { $ref: `#/components/schemas/${name}` };
        operation.requestBody = { required: true, content: { 'application/json': { schema: body } } };
        // A resource with a `check` answers the problems that did not stop the save beside the record.
        const warnings = resource.definition.check ? { warnings: { type: 'array', items: { $ref: '#/components/schemas/Warning' } } } : {};
        const specific: Record<number, string> = { 422: 'Invalid data, with messages per field (also a reference to another tenant’s record)' };
        if (action === 'create') {
          parameters.push(IDEMPOTENCY_KEY_PARAMETER);
          specific[422] += IDEMPOTENCY_KEY_REUSED;
        }
        if (action === 'update') specific[409] = 'Stale version: the record changed since it was read';
        responses = {
          200: {
            description: action === 'create' ? 'Created' : 'Updated',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['message', 'data'], properties: { message: { type: 'string' }, data: record, ...warnings } },
              },
            },
          },
          ...errorResponses({ ...traits, jsonBody: true, specific }),
        };
      } else if (action === 'delete') {
        responses = {
          200: {
            description: 'Deleted',
            content: { 'application/json': { schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } } },
          },
          ...errorResponses({ ...traits, specific: { 409: 'Still referenced by other records' } }),
        };
      }
      operation.responses = responses;
      const path = `/api${endpoint.path}`;
      (paths[path] ??= {})[endpoint.method.toLowerCase()] = operation;
    }
    if (resource.definition.api.delete && dependantsOf(model, resource).length > 0) {
      (paths[`/api${deleteImpactPath(resource)}`] ??= {}).get = {
        ...resourceOperation(resource, 'delete_impact', words),
        tags: [resource.name],
        description: `Per resource that names the record, how many of its records a delete would delete with it (\`deleted\`), leave without the reference (\`cleared\`) or refuses the delete for (\`blocks\`); resources with none are left out. Needs: \`${resource.definition.permission}.delete\``,
        parameters: pathIdParameters('/{id}'),
        responses: {
          200: {
            description: 'The records touched, by resource and effect',
            content: { 'application/json': { schema: { type: 'object', required: ['data'], properties: { data: DELETE_IMPACT_LINES } } } },
          },
          ...errorResponses({ signedIn: true, pathIds: true }),
        },
      };
    }
    const check = resource.definition.check;
    if (check) {
      (paths[`/api${check.path}`] ??= {})[check.method.toLowerCase()] = {
        ...resourceOperation(resource, 'check', words),
        tags: [resource.name],
        description: `The warnings a save of this body would answer, without saving. Only the fields sent are validated. Needs: \`${resource.definition.permission}.view\``,
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } },
        responses: {
          200: {
            description: 'The warnings (none: an empty list)',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['warnings'],
                  properties: { warnings: { type: 'array', items: { $ref: '#/components/schemas/Warning' } } },
                },
              },
            },
          },
          ...errorResponses({
            signedIn: true,
            changes: check.method !== 'GET',
            jsonBody: true,
            specific: { 422: 'Invalid data, with messages per field (also a reference to another tenant’s record)' },
          }),
        },
      };
    }
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Fleetdesk API',
      version: '1',
      description:
        'Back-office for freight and transport companies. Every call but sign-in, registration and password reset needs `Authorization: Bearer <token>`; state-changing calls need an `X-CSRF-Token` header (any non-empty value). Answers: `{ message?, data }`; failures: `{ message, errors? }` (the `Error` schema) in the language of `Accept-Language`.',
    },
    // Relative: the API is served by the same origin as the web app, wherever that is deployed.
    servers: [{ url: '/', description: 'This server' }],
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  };
}

/** A JSON body's schema as the route validates it, or a multipart form with its file fields (≤ 5 MB each). */
function requestBodyOf(body: Json | undefined, uploads: string[] | undefined): Json {
  if (body) {
    const { $id: _id, ...schema } = body;
    return { requestBody: { required: true, content: { 'application/json': { schema } } } };
  }
  if (uploads) {
    const properties = Object.fromEntries(uploads.map((field) => [field, { type: 'string', format: 'binary', description: 'At most 5,242,880 bytes' }]));
    return {
      requestBody: {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', properties, additionalProperties: { type: 'string' } } } },
      },
    };
  }
  return {};
}

/** The id a route not in HAND_WRITTEN_OPERATIONS gets: from its method and path (`get_api_transport_all`). */
export function fallbackOperationId(method: string, path: string): string {
  return identifier(`${method} ${path}`);
}

/** Ids in hand-written paths are the engine's positive integers; other parameters (a photo's kind) are text. */
function pathParameterSchema(name: string): Json {
  return /^id$|Id$|_id$|^index$/.test(name) ? { type: 'integer', minimum: name === 'index' ? 0 : 1 } : { type: 'string' };
}

/** The answer of `GET /api/delete-impact/<resource>/{id}` (delete-impact.ts). */
const DELETE_IMPACT_LINES: Json = {
  type: 'array',
  items: {
    type: 'object',
    required: ['resource', 'effect', 'count'],
    properties: { resource: { type: 'string' }, effect: { enum: ['deleted', 'cleared', 'blocks'] }, count: { type: 'integer', minimum: 1 } },
  },
};

/** The `Idempotency-Key` header of a create (engine/idempotency.ts). */
const IDEMPOTENCY_KEY_PARAMETER: Json = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A key of the client’s (a UUID): the same create sent again with it within a day answers the record the first send made (header `Idempotent-Replayed: true`) instead of making another. The same key on another body is a 422.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
};
const IDEMPOTENCY_KEY_REUSED = '; or an Idempotency-Key already used for another request';

export interface OtherRoute {
  method: string;
  url: string;
  permission?: string | readonly string[];
  body?: Json;
  uploads?: string[];
  query?: Record<string, Json>;
  rateLimited?: boolean;
  idempotent?: boolean;
}

/**
 * Adds the /api routes that the registry does not describe (auth, profile, lookups, hand-written), with
 * their id and summary (openapi-hand-written.ts), path parameters, body and the error answers their traits
 * imply; their answers' bodies are documented where the routes are.
 */
export function withOtherRoutes(document: Json, routes: readonly OtherRoute[]): Json {
  const paths = document.paths as Record<string, Record<string, Json>>;
  for (const { method, url, permission, body, uploads, query, rateLimited, idempotent } of routes) {
    const path = url.replace(/:(\w+)/g, '{$1}');
    const verb = method.toLowerCase();
    if (paths[path]?.[verb] || path === '/api/openapi.json' || path === '/api/docs') continue;
    const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    const parameters = [
      ...pathNames.map((name) => ({ name, in: 'path', required: true, schema: pathParameterSchema(name) })),
      ...Object.entries(query ?? {}).map(([name, { 'x-required': required, ...schema }]) => ({ name, in: 'query', required: required === true, schema })),
      ...(idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
    ];
    const known = HAND_WRITTEN_OPERATIONS.get(`${method} ${path}`);
    const changes = method !== 'GET';
    (paths[path] ??= {})[verb] = {
      operationId: known?.operationId ?? fallbackOperationId(method, path),
      summary: known?.summary ?? `${method} ${path.replace(/^\/api\//, '').replace(/[{}]/g, '')}`,
      tags: [path.split('/')[2] ?? 'api'],
      ...(permission
        ? {
            description: `Needs: ${[permission]
              .flat()
              .map((right) => `\`${right}\``)
              .join(' or ')}`,
          }
        : {}),
      ...(permission ? {} : { security: [] }),
      parameters,
      ...requestBodyOf(body, uploads),
      responses: {
        200: { description: 'Success: `{ message?, data }`' },
        ...errorResponses({
          signedIn: Boolean(permission),
          changes,
          pathIds: pathNames.length > 0,
          jsonBody: Boolean(body) || (changes && method !== 'DELETE' && !uploads),
          upload: Boolean(uploads),
          query: Boolean(query),
          limited: rateLimited,
          specific: idempotent ? { ...known?.errors, 422: `${known?.errors?.[422] ?? 'Invalid data'}${IDEMPOTENCY_KEY_REUSED}` } : known?.errors,
        }),
      },
    };
  }
  return document;
}
