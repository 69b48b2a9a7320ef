import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/**
 * With PostgreSQL, several server processes may stand behind one address: the adapter relays
 * every event through the database (LISTEN/NOTIFY) so each client gets what is meant for it.
 */
export async function attachClusterAdapter(app: FastifyInstance, pool: pg.Pool): Promise<void> {
  await pool.query(`CREATE TABLE IF NOT EXISTS socket_io_attachments (
    id bigserial UNIQUE,
    created_at timestamptz DEFAULT NOW(),
    payload bytea
  )`);
  app.io.adapter(createAdapter(pool, { errorHandler: (error) => app.log.warn({ err: error }, 'socket adapter') }));
}
