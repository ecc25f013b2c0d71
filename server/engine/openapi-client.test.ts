/**
 * The OpenAPI document as other programs use it (issue 16 point 8): a typed client generated from it by
 * openapi-typescript type-checks real calls under strict options, and a wrong call does not; every operation
 * has a URL-safe id, a summary and its error answers, and every route has written words. The document does
 * not depend on the database, so one PGlite server serves the suite (the lint runs in `npm test`).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test-support/api-client';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { fallbackOperationId } from './openapi';

interface Operation {
  operationId: string;
  summary?: string;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
}

// Calls a client would write: a list's rows, a create's body, a list's query, an export's format, an import's
// answer, an error's message. Each line type-checks only if the document describes it so.
const GOOD_CALLS = `
import type { components, paths } from './api';

type TrailerList = paths['/api/trailers']['get']['responses'][200]['content']['application/json'];
export function firstRegisterNumber(list: TrailerList): string | undefined {
  return list.data[0]?.register_number;
}
export function pageCount(list: TrailerList): number | undefined {
  return list.pagination.lastPage;
}

type NewTrailer = paths['/api/trailers/store']['post']['requestBody']['content']['application/json'];
export const trailer: NewTrailer = { register_number: 'AB1234CD', type: 2, weight: 7500 };

type Created = paths['/api/trailers/store']['post']['responses'][200]['content']['application/json'];
export const createdId = (answer: Created): number => answer.data.id;

export const query: paths['/api/orders']['get']['parameters']['query'] = { page: 2, perPage: 20, order: 'desc', sort: 'created_at' };

type ExportQuery = paths['/api/trailers/export']['get']['parameters']['query'];
export const exportQuery: ExportQuery = { format: 'xlsx' };

type Imported = paths['/api/orders/import']['post']['responses'][200]['content']['application/json'];
export const firstErrorRow = (answer: Imported): number | undefined => answer.data.errors[0]?.row;

type Refused = paths['/api/trailers/store']['post']['responses'][422]['content']['application/json'];
export const reason = (answer: Refused): string => answer.message + JSON.stringify(answer.errors ?? {});
export const sameError = (error: components['schemas']['Error']): Refused => error;
`;

// The same calls got wrong: each line must be refused.
const BAD_CALLS = `
import type { paths } from './api';

type TrailerList = paths['/api/trailers']['get']['responses'][200]['content']['application/json'];
export const misspelt = (list: TrailerList) => list.data[0]?.registration_plate;
export const noNumber: paths['/api/trailers/store']['post']['requestBody']['content']['application/json'] = { weight: 7500 };
export const pdf: paths['/api/trailers/export']['get']['parameters']['query'] = { format: 'pdf' };
`;

function typeCheck(directory: string, files: string[]): ts.Diagnostic[] {
  const program = ts.createProgram(
    files.map((file) => path.join(directory, file)),
    {
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
      lib: ['lib.es2022.d.ts'],
    },
  );
  return [...ts.getPreEmitDiagnostics(program)];
}

const describeDiagnostic = (diagnostic: ts.Diagnostic) =>
  `${diagnostic.file ? path.basename(diagnostic.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;

describe('the OpenAPI document for other programs', () => {
  let test: TestApp;
  let document: Document;
  let directory: string;

  beforeAll(async () => {
    test = await startTestApp('pglite');
    document = (await call(test.app, 'GET', '/api/openapi.json')).json<Document>();
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetdesk-client-'));
    // openapi-typescript's default makes a field with a `default` required everywhere, also in a create's body
    // (a trailer's `pallet_box`), where the server fills it in: a client generated for writing turns that off.
    const types = astToString(await openapiTS(document as never, { defaultNonNullable: false }));
    await fs.writeFile(path.join(directory, 'api.ts'), types);
    await fs.writeFile(path.join(directory, 'good.ts'), GOOD_CALLS);
    await fs.writeFile(path.join(directory, 'bad.ts'), BAD_CALLS);
  });
  afterAll(async () => {
    await test?.close();
    if (directory) await fs.rm(directory, { recursive: true, force: true });
  });

  it('generates a typed client whose calls type-check under strict options', () => {
    expect(typeCheck(directory, ['good.ts']).map(describeDiagnostic)).toEqual([]);
  });

  it('gives that client types that refuse a misspelt field, a missing required field and an unknown export format', () => {
    const problems = typeCheck(directory, ['bad.ts']).map(describeDiagnostic);
    expect(problems.join('\n')).toContain('registration_plate');
    expect(problems.join('\n')).toContain('register_number');
    expect(problems.join('\n')).toContain('"pdf"');
    expect(problems).toHaveLength(3);
  });

  it('gives every operation a unique URL-safe id, a summary, a 4xx answer with the Error schema, and a server', () => {
    expect(document.servers?.length).toBeGreaterThan(0);
    const ids = new Set<string>();
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${route}`;
        expect(operation.operationId, where).toMatch(/^[a-z][a-z0-9_]*$/);
        expect(ids.has(operation.operationId), `${where}: ${operation.operationId} twice`).toBe(false);
        ids.add(operation.operationId);
        expect(operation.summary, where).toMatch(/^[A-Z].{3,}/);
        const failures = Object.entries(operation.responses).filter(([status]) => /^4\d\d$/.test(status));
        expect(failures.length, where).toBeGreaterThan(0);
        for (const [status, answer] of failures)
          expect(answer.content?.['application/json']?.schema?.$ref, `${where} ${status}`).toBe('#/components/schemas/Error');
      }
    }
  });

  it('has written words for every route, not ones made from its path', () => {
    const made = Object.entries(document.paths).flatMap(([route, operations]) =>
      Object.entries(operations)
        .filter(([method, operation]) => operation.operationId === fallbackOperationId(method.toUpperCase(), route))
        .map(([method]) => `${method.toUpperCase()} ${route}: add it to server/engine/openapi-hand-written.ts`),
    );
    expect(made).toEqual([]);
  });

  it('describes the export as a file in either format and the import as a form', () => {
    const exported = document.paths['/api/trailers/export']?.get as unknown as {
      parameters: Array<{ name: string; required: boolean; schema: { enum?: string[] } }>;
      responses: Record<string, { content: Record<string, unknown> }>;
    };
    expect(exported.parameters.find((parameter) => parameter.name === 'format')).toMatchObject({ required: true, schema: { enum: ['csv', 'xlsx'] } });
    expect(exported.parameters.map((parameter) => parameter.name)).not.toContain('page');
    expect(Object.keys(exported.responses[200]?.content ?? {})).toEqual(['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    const imported = document.paths['/api/trailers/import']?.post as unknown as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> };
    };
    const form = imported.requestBody.content['multipart/form-data']?.schema;
    expect(Object.keys(form?.properties ?? {})).toEqual(['file', 'dry_run', 'mode', 'existing', 'mapping']);
    expect(form?.required).toEqual(['file']);
    expect(document.paths['/api/compliance/export']?.get?.operationId).toBe('compliance_export');
  });
});
