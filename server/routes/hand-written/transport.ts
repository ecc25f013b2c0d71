/**
 * `GET /api/transport/all`: every vehicle of the tenant as a picker option (SPEC §3): value = id,
 * label = board name followed by the registration number in brackets, sorted by board name.
 * Not paginated: pickers load the whole list once (SPEC §4 "transport options reload").
 */
import type { FastifyInstance } from 'fastify';
import { Sql } from '../../db/sql';
import { fieldExpression } from '../../engine/model';
import { engineResource, readStore, type HandWrittenOptions, guard } from './support';

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
export async function transportRoutes(app: FastifyInstance, options: HandWrittenOptions) {
  const transport = engineResource(app, 'transport');
  const orderBy = new Sql([`${fieldExpression(transport, 'board_names')} ASC NULLS LAST, id ASC`], []);

  const guarded = guard(app);
  app.get('/api/transport/all', guarded('transport.view'), async (request) => {
    const store = readStore(options.database, request);
    const total = await store.count(transport, {}, []);
    const rows = await store.page(transport, {}, [], orderBy, Math.max(total, 1), 0);
    return {
      data: rows.map((row) => {
        const board = typeof row.data.board_names === 'string' ? row.data.board_names : '';
        const registration = typeof row.data.registration_number === 'string' ? row.data.registration_number : '';
        return { value: Number(row.id), label: registration ? `${board} (${registration})` : board };
      }),
    };
  });
}
