/**
 * - `GET /api/transport/{id}/usage`: what deleting vehicle {id} takes with it, asked before the delete
 *   confirmation: `{ documents, handover_acts, repairs, cards }`. Documents count only cells with a date
 *   or a file (an empty cell is made by merely looking at the documents table); cards are detached by the
 *   delete (their `transport_id` is cleared), not deleted. 404 for another tenant's vehicle.
 * - `GET /api/transport/all`: every vehicle of the tenant as a picker option (SPEC §3): value = id,
 * label = board name followed by the registration number in brackets, sorted by board name.
 * Not paginated: pickers load the whole list once (SPEC §4 "transport options reload").
 */
import type { FastifyInstance } from 'fastify';
import { Sql, sql } from '../../db/sql';
import { fieldExpression } from '../../engine/model';
import { engineResource, findOr404, paramId, readStore, type HandWrittenOptions, guard } from './support';

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
export async function transportRoutes(app: FastifyInstance, options: HandWrittenOptions) {
  const transport = engineResource(app, 'transport');
  const orderBy = new Sql([`${fieldExpression(transport, 'board_names')} ASC NULLS LAST, id ASC`], []);

  const guarded = guard(app);
  // Only counted, never answered: looked up whatever their fields (a card's PIN is x-sensitive).
  const documents = engineResource(app, 'vehicle-documents', 'looked-up');
  const acts = engineResource(app, 'handover-acts', 'looked-up');
  const repairs = engineResource(app, 'repairs', 'looked-up');
  const cards = engineResource(app, 'cards', 'looked-up');

  app.get('/api/transport/:id/usage', guarded('transport.view'), async (request) => {
    const id = paramId(request, 'id');
    const store = readStore(options.database, request);
    await findOr404(store, transport, id, undefined, false);
    const ofVehicle = sql`data @> ${JSON.stringify({ transport_id: id })}::jsonb`;
    const filled = sql`(data ? 'start_date' OR data ? 'end_date' OR jsonb_array_length(COALESCE(data->'files', '[]'::jsonb)) > 0)`;
    const [documentCount, actCount, repairCount, cardCount] = await Promise.all([
      store.count(documents, {}, [ofVehicle, filled]),
      store.count(acts, { parentId: id }, []),
      store.count(repairs, {}, [ofVehicle]),
      store.count(cards, {}, [ofVehicle]),
    ]);
    return { data: { documents: documentCount, handover_acts: actCount, repairs: repairCount, cards: cardCount } };
  });

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
