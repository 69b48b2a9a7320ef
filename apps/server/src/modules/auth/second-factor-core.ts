import { randomBytes } from 'node:crypto';
import type { SecondFactor } from '@cafe/shared';
import { RECOVERY_CODE_COUNT } from '@cafe/shared';
import type { AuthenticatorTransportFuture } from '@simplewebauthn/server';
import { Secret, TOTP } from 'otpauth';
import type { Config } from '../../config';
import { sha256 } from './email-link';
import type { FactorRow } from './second-factor.repository';

/** How long a sign-in waits for its second factor, and a WebAuthn or app set-up for its answer. */
export const PENDING_MINUTES = 5;
/** Wrong factors one pending sign-in takes before it is used up (the password is asked again). */
export const PENDING_ATTEMPTS = 5;
const TOTP_PERIOD = 30;

/**
 * The relying party of the passkeys: the host of PUBLIC_URL, the origin pages come from. WebAuthn
 * does not take an IP address as its id, so a server addressed by a loopback address (a developer's
 * or a test's) serves its passkeys as `localhost`, and takes pages from that origin too.
 */
export function relyingParty(config: Pick<Config, 'publicUrl' | 'port'>): { id: string; origins: string[] } {
  const url = new URL(config.publicUrl ?? `http://localhost:${config.port}`);
  const loopback = url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (!loopback) return { id: url.hostname, origins: [url.origin] };
  const local = new URL(url.origin);
  local.hostname = 'localhost';
  return { id: 'localhost', origins: [url.origin, local.origin] };
}

/** The issuer an authenticator app lists the account under. */
const TOTP_ISSUER = 'Office Cafe';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// address an app reads from the QR code. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/**
 * The 30-second step a code belongs to, when it is right for now (one step either side, for a
 * phone's clock a little off), else null.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
}

/**
 * Ten new recovery codes of 24 letters and digits (120 bits each: over the 112 bits ASVS 6.5.2 asks
 * of a secret kept with a plain hash), printed in four groups of six, and their sha256 as stored.
 */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  // 32 letters and digits: each byte's low five bits pick one without bias.
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(24)].map((b) => alphabet[b & 31]).join('');
    return (chars.match(/.{6}/g) ?? []).join('-');
  });
  return { codes, hashes: codes.map((code) => sha256(normalRecoveryCode(code))) };
}

/** A recovery code as compared: no dashes or spaces, lower case. */
export function normalRecoveryCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toLowerCase();
}

/** A passkey as WebAuthn options name it, to allow or to exclude it. */
export function passkeyDescriptor(row: FactorRow): { id: string; transports: AuthenticatorTransportFuture[] } {
  return {
    id: row.credential_id ?? '',
    transports: (row.transports?.split(',') ?? []) as AuthenticatorTransportFuture[],
  };
}

export function toSecondFactor(row: FactorRow): SecondFactor {
  return { id: row.id, kind: row.kind, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}
