import { createHash, randomBytes } from 'node:crypto';
import { iso } from '../../lib/time';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A link sent by e-mail (an address to confirm, a password to reset): its random token, for the
 * mail only, and the row to keep, which holds the token's hash, never the token.
 */
export function newEmailLink(now: Date, validMinutes: number) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    row: {
      token_hash: sha256(token),
      expires_at: iso(new Date(now.getTime() + validMinutes * 60_000)),
      created_at: iso(now),
    },
  };
}
