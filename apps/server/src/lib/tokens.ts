import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@cafe/shared';

export function createTokenSigner(secret: string, ttlSeconds: number, now: () => Date) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId: number, role: Role): Promise<string> {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({ role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    /** Returns the claims, or null when the token is bad or expired. */
    async verify(token: string): Promise<{ userId: number; role: Role } | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now(),
        });
        const userId = Number(payload.sub);
        const role = payload.role as Role | undefined;
        if (!Number.isInteger(userId) || !role) return null;
        return { userId, role };
      } catch {
        return null;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** Refresh tokens are random; only their hash is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
