import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * Ids are integers on this server; path and body ids may arrive as digit strings. They are 4-byte
 * integers in the database, so a larger one can name nothing: it is refused here (PostgreSQL would
 * fail the query instead).
 */
export const IdSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'id must be a positive whole number' })
    .int({ message: 'id must be a positive whole number' })
    .positive({ message: 'id must be a positive whole number' })
    .max(LIMITS.idMax, { message: `id must be at most ${LIMITS.idMax}` }),
);
