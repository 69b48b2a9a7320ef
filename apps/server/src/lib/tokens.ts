import { createHash, randomBytes } from 'node:crypto';
import { createDecoder, createSigner, createVerifier } from 'fast-jwt';
import type { Role } from '@cafe/shared';

/** How many verified access tokens are remembered (one per signed-in device is plenty). */
const VERIFIED_TOKENS_MAX = 10_000;

export function createTokenSigner(secret: string, ttlSeconds: number, now: () => Date) {
  // fast-jwt checks signatures synchronously with node:crypto: jose (v6) goes through WebCrypto,
  // which imports the key and hops to the thread pool for every HMAC. Expiry and "not before" are
  // checked below against the app's clock (tests move it), so the verifier itself ignores them.
  const signer = createSigner({ key: secret, algorithm: 'HS256', noTimestamp: true });
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    ignoreExpiration: true,
    ignoreNotBefore: true,
  });
  /**
   * Tokens already checked, until they expire: a token is a fixed string whose signature and
   * claims never change, so every request of a session after its first skips the HMAC and JSON
   * work. (Who the user is and their role are still read per request, from the accounts cache.)
   */
  const verified = new Map<string, { userId: number; role: Role; expiresAtMs: number }>();

  function verifyNow(token: string): { userId: number; role: Role } | null {
    const at = now().getTime();
    const known = verified.get(token);
    if (known) {
      if (known.expiresAtMs > at) return { userId: known.userId, role: known.role };
      verified.delete(token);
      return null;
    }
    let payload: { sub?: unknown; role?: unknown; exp?: unknown; nbf?: unknown };
    try {
      payload = verifier(token) as typeof payload;
    } catch {
      return null;
    }
    const userId = Number(payload.sub);
    const role = typeof payload.role === 'string' ? (payload.role as Role) : undefined;
    if (!Number.isInteger(userId) || !role || typeof payload.exp !== 'number') return null;
    const expiresAtMs = payload.exp * 1000;
    if (expiresAtMs <= at) return null;
    // Not valid yet: refused like an expired token (and not remembered, so it is taken once its time comes).
    if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf * 1000 > at)) return null;
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { userId, role, expiresAtMs });
    return { userId, role };
  }

  return {
    sign(userId: number, role: Role): Promise<string> {
      const iat = Math.floor(now().getTime() / 1000);
      return Promise.resolve(signer({ sub: String(userId), role, iat, exp: iat + ttlSeconds }));
    },
    /** Returns the claims, or null when the token is bad or expired. */
    verify(token: string): Promise<{ userId: number; role: Role } | null> {
      return Promise.resolve(verifyNow(token));
    },
  };
}

/** The claims of a token without checking it (to tell an expired token from a bad one). */
export const decodeToken = createDecoder() as (token: string) => { exp?: unknown };

export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** Refresh tokens are random; only their hash is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
