/**
 * The OpenAPI 3.1 document, generated from the registry and the prepared schemas (hand-written: a
 * few dozen lines, where @fastify/swagger would need every generic route to carry schemas that the
 * engine validates itself). JSON Schema 2020-12 is OpenAPI 3.1's dialect, so the entity schemas go in
 * `components.schemas` as they are, `$id` dropped and the x- annotations kept (OpenAPI allows `x-`
 * extensions anywhere; clients such as generators ignore them).
 */
import type { PropertySchema } from '../../validation/prepare-schema';
import { listParameters } from './list-query';
import { endpointsOf, type EngineModel, type EngineResource } from './model';

type Json = Record<string, unknown>;

/** A list parameter's type as the list reads it (list-query.ts): paging numbers, sort names, typed filters. */
function querySchema(resource: EngineResource, parameter: string): Json {
  if (parameter === 'page') return { type: 'integer', minimum: 1, default: 1 };
  if (parameter === 'perPage') return { type: 'integer', minimum: 1, maximum: 100, default: 10 };
  if (parameter === 'order') return { type: 'string', enum: ['asc', 'desc'] };
  if (parameter === 'sort') return { type: 'string', enum: ['id', 'created_at', 'updated_at', ...resource.sortFields] };
  if (parameter === 'ids') return { type: 'string', pattern: '^[1-9][0-9]*(,[1-9][0-9]*)*$', description: 'Only these records (at most 100 ids)' };
  if (parameter === 'cursor') {
    return {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]+$',
      description:
        'A `pagination.nextCursor` or `previousCursor` of this same list query (order, search, filters, ids, perPage): answers the page it leads to by keyset, as cheap at any depth as the first page. `page` may be left out (else it must be the cursor’s page). A cursor of another query or an altered one: 422 on `cursor`.',
    };
  }
  if (parameter === 'search') return { type: 'string', description: `Text in ${resource.searchFields.join(', ')}` };
  if (parameter.endsWith('_empty') && !Object.hasOwn(resource.properties, parameter)) {
    return { type: 'boolean', description: `true: only records without ${parameter.slice(0, -6)}; false: only those with one` };
  }
  const field = parameter.replace(/_(from|to)$/, '');
  const property = resource.properties[Object.hasOwn(resource.properties, parameter) ? parameter : field];
  const type = property?.type === 'array' ? property.items?.type : property?.type;
  if (type === 'integer' || type === 'number' || type === 'boolean') return { type };
  return property?.format === 'date' ? { type: 'string', format: 'date' } : { type: 'string' };
}

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
  return { allOf: [{ $ref: `#/components/schemas/${name}` }, { type: 'object', properties: system }] };
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

export function buildOpenApi(model: EngineModel): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const schemas: Record<string, Json> = {
    Error: {
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
    },
    Pagination: {
      type: 'object',
      properties: {
        total: { type: 'integer' },
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
    for (const [action, endpoint] of endpointsOf(resource.definition.api)) {
      const pathParameters = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
        name: match[1],
        in: 'path',
        required: true,
        schema: { type: 'integer', minimum: 1 },
      }));
      const operation: Json = {
        operationId: `${resource.name}.${action}`,
        tags: [resource.name],
        parameters: pathParameters,
        responses: {
          401: errorResponse('Not signed in'),
          404: errorResponse('Not found (also another tenant’s id)'),
        },
      };
      const responses = operation.responses as Json;
      if (action === 'list') {
        (operation.parameters as Json[]).push(
          ...listParameters(resource).map((parameter) => ({ name: parameter, in: 'query', required: false, schema: querySchema(resource, parameter) })),
        );
        responses[200] = {
          description: 'A page of records',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { data: { type: 'array', items: record }, pagination: { $ref: '#/components/schemas/Pagination' } } },
            },
          },
        };
        responses[422] = errorResponse('Unknown or invalid query parameter');
      } else if (action === 'show') {
        responses[200] = { description: 'The record', content: { 'application/json': { schema: { type: 'object', properties: { data: record } } } } };
      } else if (action === 'create' || action === 'update') {
        const body: Json =
          action === 'update'
            ? { allOf: [{ $ref: `#/components/schemas/${name}` }, { type: 'object', required: ['version'], properties: { version: { type: 'integer' } } }] }
            : { $ref: `#/components/schemas/${name}` };
        operation.requestBody = { required: true, content: { 'application/json': { schema: body } } };
        // A resource with a `check` answers the problems that did not stop the save beside the record.
        const warnings = resource.definition.check ? { warnings: { type: 'array', items: { $ref: '#/components/schemas/Warning' } } } : {};
        responses[200] = {
          description: action === 'create' ? 'Created' : 'Updated',
          content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' }, data: record, ...warnings } } } },
        };
        responses[422] = errorResponse('Invalid data, with messages per field');
        if (action === 'update') responses[409] = errorResponse('Stale version: the record changed since it was read');
      } else if (action === 'delete') {
        responses[200] = {
          description: 'Deleted',
          content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } },
        };
        responses[409] = errorResponse('Still referenced by other records');
      }
      const path = `/api${endpoint.path}`;
      (paths[path] ??= {})[endpoint.method.toLowerCase()] = operation;
    }
    const check = resource.definition.check;
    if (check) {
      (paths[`/api${check.path}`] ??= {})[check.method.toLowerCase()] = {
        operationId: `${resource.name}.check`,
        tags: [resource.name],
        description: `The warnings a save of this body would answer, without saving. Only the fields sent are validated. Needs: \`${resource.definition.permission}.view\``,
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } },
        responses: {
          200: {
            description: 'The warnings (none: an empty list)',
            content: {
              'application/json': { schema: { type: 'object', properties: { warnings: { type: 'array', items: { $ref: '#/components/schemas/Warning' } } } } },
            },
          },
          401: errorResponse('Not signed in'),
          422: errorResponse('Invalid data, with messages per field (also a reference to another tenant’s record)'),
        },
      };
    }
  }

  return {
    openapi: '3.1.0',
    info: { title: 'Fleetdesk API', version: '1' },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  };
}

/**
 * Adds the /api routes that the registry does not describe (auth, profile, lookups, hand-written), with
 * their path parameters and the common answers; their bodies are documented where the routes are.
 */
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

export function withOtherRoutes(
  document: Json,
  routes: ReadonlyArray<{ method: string; url: string; permission?: string; body?: Json; uploads?: string[]; query?: Record<string, Json> }>,
): Json {
  const paths = document.paths as Record<string, Record<string, Json>>;
  for (const { method, url, permission, body, uploads, query } of routes) {
    const path = url.replace(/:(\w+)/g, '{$1}');
    const verb = method.toLowerCase();
    if (paths[path]?.[verb] || path === '/api/openapi.json' || path === '/api/docs') continue;
    const parameters = [
      ...[...path.matchAll(/\{(\w+)\}/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } })),
      ...Object.entries(query ?? {}).map(([name, schema]) => ({ name, in: 'query', required: false, schema })),
    ];
    (paths[path] ??= {})[verb] = {
      operationId: `${verb} ${path}`,
      tags: [path.split('/')[2] ?? 'api'],
      ...(permission ? { description: `Needs: \`${permission}\`` } : {}),
      parameters,
      ...requestBodyOf(body, uploads),
      responses: { 200: { description: 'Success: `{ message?, data }`' }, default: errorResponse('An error: `{ message, errors? }`') },
    };
  }
  return document;
}
