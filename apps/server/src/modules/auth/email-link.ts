import { createHash, randomBytes } from 'node:crypto';
import { iso } from '../../lib/time';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A random token handed to the person or the client; only its sha256 is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

/**
 * A link sent by e-mail (an address to confirm, a password to reset): its random token, for the
 * mail only, and the row to keep, which holds the token's hash, never the token.
 */
export function newEmailLink(now: Date, validMinutes: number) {
  const { token, hash } = newToken();
  return {
    token,
    row: {
      token_hash: hash,
      expires_at: iso(new Date(now.getTime() + validMinutes * 60_000)),
      created_at: iso(now),
    },
  };
}
