import { createHash, randomBytes } from 'node:crypto';
import { createDecoder, createSigner, createVerifier } from 'fast-jwt';
import type { Role } from '@cafe/shared';

/** How many verified access tokens are remembered (one per signed-in device is plenty). */
const VERIFIED_TOKENS_MAX = 10_000;

/** The one algorithm access tokens are signed and verified with (ASVS 9.1.2: an allowlist of one). */
export const ACCESS_TOKEN_ALGORITHM = 'HS256';

/**
 * The keys access tokens are signed with (docs/security/inventory.md, key management): the current
 * one signs, and the previous one, while it is kept, still verifies the tokens it signed until they
 * expire, so changing the key signs no one out.
 */
export interface SigningKeys {
  current: string;
  previous?: string | undefined;
}

/**
 * A key's id (the JWT header's `kid`): a digest of the key, so every process with the same key
 * names it alike without a setting, and the id tells nothing of the key itself.
 */
export function keyIdOf(secret: string): string {
  return createHash('sha256').update('office-cafe access token key\0').update(secret).digest('base64url').slice(0, 16);
}

const decodeComplete = createDecoder({ complete: true }) as (token: string) => { header: { kid?: unknown } };

export function createTokenSigner(keys: SigningKeys | string, ttlSeconds: number, now: () => Date) {
  const { current, previous } = typeof keys === 'string' ? { current: keys, previous: undefined } : keys;
  const currentKid = keyIdOf(current);
  // fast-jwt checks signatures synchronously with node:crypto: jose (v6) goes through WebCrypto,
  // which imports the key and hops to the thread pool for every HMAC. Expiry and "not before" are
  // checked below against the app's clock (tests move it), so the verifier itself ignores them.
  const signer = createSigner({
    key: current,
    algorithm: ACCESS_TOKEN_ALGORITHM,
    noTimestamp: true,
    kid: currentKid,
  });
  const verifierOf = (key: string) =>
    createVerifier({ key, algorithms: [ACCESS_TOKEN_ALGORITHM], ignoreExpiration: true, ignoreNotBefore: true });
  /** Each key's verifier by its id: the current key's first. */
  const verifiers = new Map([[currentKid, verifierOf(current)]]);
  if (previous && previous !== current) verifiers.set(keyIdOf(previous), verifierOf(previous));

  /**
   * The payload of a token one of the keys signed, or an error. A token names its key (`kid`); a
   * token without one (signed before key ids) is tried with each key, the current one first.
   */
  function verifiedPayload(token: string): unknown {
    const { kid } = decodeComplete(token).header;
    if (kid !== undefined) {
      const verifier = typeof kid === 'string' ? verifiers.get(kid) : undefined;
      if (!verifier) throw new Error('unknown key id');
      return verifier(token);
    }
    let failure: unknown;
    for (const verifier of verifiers.values()) {
      try {
        return verifier(token);
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }
  /**
   * Tokens already checked, until they expire: a token is a fixed string whose signature and
   * claims never change, so every request of a session after its first skips the HMAC and JSON
   * work. (Who the user is and their role are still read per request, from the accounts cache.)
   */
  const verified = new Map<string, TokenClaims & { expiresAtMs: number }>();

  function inspectNow(token: string): TokenInspection {
    const at = now().getTime();
    const known = verified.get(token);
    if (known) {
      const { expiresAtMs, ...claims } = known;
      if (expiresAtMs > at) return { kind: 'valid', claims };
      verified.delete(token);
      return { kind: 'expired', userId: claims.userId };
    }
    let payload: {
      sub?: unknown;
      role?: unknown;
      exp?: unknown;
      nbf?: unknown;
      iat?: unknown;
      iat_ms?: unknown;
      sid?: unknown;
    };
    try {
      payload = verifiedPayload(token) as typeof payload;
    } catch {
      return { kind: 'invalid' };
    }
    const userId = Number(payload.sub);
    const role = typeof payload.role === 'string' ? (payload.role as Role) : undefined;
    if (!Number.isInteger(userId) || !role || typeof payload.exp !== 'number') return { kind: 'invalid' };
    const expiresAtMs = payload.exp * 1000;
    if (expiresAtMs <= at) return { kind: 'expired', userId };
    // Not valid yet: refused like an expired token (and not remembered, so it is taken once its time comes).
    if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf * 1000 > at)) {
      return { kind: 'invalid' };
    }
    // Tokens from before `iat_ms` (issue 31) carry seconds only: none of them is older than an
    // account's first "valid after" instant, which only this release sets.
    const issuedAtMs =
      typeof payload.iat_ms === 'number' ? payload.iat_ms : typeof payload.iat === 'number' ? payload.iat * 1000 : 0;
    const claims: TokenClaims = { userId, role, issuedAtMs };
    if (typeof payload.sid === 'string') claims.sessionId = payload.sid;
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { ...claims, expiresAtMs });
    return { kind: 'valid', claims };
  }

  return {
    /**
     * An access token for the account. `notBeforeMs` is the account's "tokens valid after" instant:
     * a token is never dated before it, so a sign-in in the same millisecond as a logout still works
     * while every token issued before the logout stays refused (docs/decisions/0051). `sessionId`
     * is the session (refresh-token family) it was issued to, which the sessions list marks as
     * "this device" (docs/decisions/0079).
     */
    sign(userId: number, role: Role, notBeforeMs = 0, sessionId?: string): Promise<string> {
      const issuedAtMs = Math.max(now().getTime(), notBeforeMs);
      const iat = Math.floor(issuedAtMs / 1000);
      const claims = { sub: String(userId), role, iat, iat_ms: issuedAtMs, exp: iat + ttlSeconds };
      return Promise.resolve(signer(sessionId === undefined ? claims : { ...claims, sid: sessionId }));
    },
    /** The id of the key tokens are signed with now. */
    currentKeyId: currentKid,
    /** Returns the claims, or null when the token is bad or expired. */
    verify(token: string): Promise<TokenClaims | null> {
      const inspection = inspectNow(token);
      return Promise.resolve(inspection.kind === 'valid' ? inspection.claims : null);
    },
    /** Valid (its claims), expired (a genuine token whose time is over: whose it was), or not valid at all. */
    inspect(token: string): TokenInspection {
      return inspectNow(token);
    },
  };
}

/** What a valid access token says: whose it is, their role then, and when it was issued (milliseconds). */
export interface TokenClaims {
  userId: number;
  role: Role;
  issuedAtMs: number;
  /** The session (refresh-token family) the token was issued to; absent on tokens from before sessions had ids. */
  sessionId?: string;
}

export type TokenInspection =
  { kind: 'valid'; claims: TokenClaims } | { kind: 'expired'; userId: number } | { kind: 'invalid' };

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
