/**
 * The databases every API suite runs on: `describe.each(databases)('on %s', (kind) => …)`.
 * PGlite always; PostgreSQL when the global set-up found one.
 */
import { inject } from 'vitest';
import type { DatabaseKind } from '../db/database';

export const databases: DatabaseKind[] = inject('postgresAdminUrl') ? ['pglite', 'postgres'] : ['pglite'];
