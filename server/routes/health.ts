/** `GET /api/health`: the server answers and its database runs a query. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';

export async function healthRoutes(app: FastifyInstance, options: { database: Database }) {
  const { database } = options;
  app.get('/api/health', async (request, reply) => {
    try {
      await database.pool.query('SELECT 1');
      return { status: 'ok', database: database.kind };
    } catch (error) {
      request.log.error({ err: error }, 'health check: the database does not answer');
      return reply.code(503).send({ status: 'error', database: database.kind });
    }
  });
}
