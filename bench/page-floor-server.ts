/**
 * The floor under a list page's size (bench/page-floor.ts): a bare Fastify that answers the very bytes Fleetdesk
 * answered for a page, either as they are (`/bytes/:name`: what sending them costs, the load generator's reading
 * included) or parsed and written again (`/json/:name`: the least a server does that reads its rows as JSON and
 * writes JSON, as every Node server on `pg` does). No database, no auth, no work per row.
 *
 * Env: PORT, FLOOR_BODIES (a folder of `<name>.json` files).
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';

const folder = process.env.FLOOR_BODIES as string;
const bodies = new Map(
  fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [path.basename(file, '.json'), fs.readFileSync(path.join(folder, file), 'utf8')]),
);
const bodyOf = (request: { params: unknown }) => {
  const body = bodies.get((request.params as { name: string }).name);
  if (body === undefined) throw new Error('no such body');
  return body;
};

const app = Fastify();
app.get('/health', (_request, reply) => reply.send({ ok: true }));
app.get('/bytes/:name', (request, reply) => reply.type('application/json; charset=utf-8').send(bodyOf(request)));
app.get('/json/:name', (request, reply) => reply.send(JSON.parse(bodyOf(request)) as unknown));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
