/**
 * `GET /api/openapi.json` (always: the web app and clients may read it) and `GET /api/docs`, a plain
 * HTML page listing every operation with its parameters and fields. The page loads nothing external
 * and runs no script, so it passes the strict CSP and works offline; it is off when API_DOCS=off
 * (the default in production).
 */
import type { FastifyInstance } from 'fastify';
import type { EngineModel } from '../engine/model';
import { withImportExport } from '../import-export/openapi-operations';
import { buildOpenApi, withOtherRoutes } from '../engine/openapi';

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function docsPage(document: Record<string, unknown>): string {
  const paths = document.paths as Record<string, Record<string, { operationId: string; parameters?: Array<{ name: string; in: string }> }>>;
  const schemas = (
    document.components as { schemas: Record<string, { properties?: Record<string, { type?: string | string[]; format?: string }>; required?: string[] }> }
  ).schemas;
  const rows: string[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
      rows.push(
        `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escape(path)}</code></td><td>${escape(operation.operationId)}</td><td>${escape(query.join(', '))}</td></tr>`,
      );
    }
  }
  const entities = Object.entries(schemas)
    .filter(([, schema]) => schema.properties)
    .map(([name, schema]) => {
      const fields = Object.entries(schema.properties ?? {}).map(
        ([field, property]) =>
          `<li><code>${escape(field)}</code> ${escape(String(property.type ?? ''))}${property.format ? ` (${escape(property.format)})` : ''}${schema.required?.includes(field) ? ' <strong>required</strong>' : ''}</li>`,
      );
      return `<h3>${escape(name)}</h3><ul>${fields.join('')}</ul>`;
    });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fleetdesk API</title></head><body>
<h1>Fleetdesk API</h1><p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).
Every call needs <code>Authorization: Bearer &lt;token&gt;</code>; state-changing calls need <code>X-CSRF-Token</code>.</p>
<h2>Operations</h2><table border="1" cellpadding="4"><thead><tr><th>method</th><th>path</th><th>operation</th><th>query</th></tr></thead><tbody>${rows.join('\n')}</tbody></table>
<h2>Entities</h2>${entities.join('\n')}</body></html>`;
}

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
export async function apiDocsRoutes(app: FastifyInstance, options: { model: EngineModel; apiDocs: boolean }) {
  // Built once, on the first request: by then every route is registered, and the registry and the
  // schemas do not change while the server runs.
  let built: { document: ReturnType<typeof buildOpenApi>; page: string } | null = null;
  const documents = () => {
    if (!built) {
      const english = app.translator.forLanguage('en');
      const document = withOtherRoutes(withImportExport(buildOpenApi(options.model, english), options.model, english), app.apiRoutes ?? []);
      built = { document, page: docsPage(document) };
    }
    return built;
  };
  app.get('/api/openapi.json', () => documents().document);
  if (options.apiDocs) app.get('/api/docs', (_request, reply) => reply.type('text/html; charset=utf-8').send(documents().page));
}
