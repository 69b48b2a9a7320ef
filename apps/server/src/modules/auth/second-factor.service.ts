import type {
  PasskeyOptions,
  Role,
  SecondFactorBody,
  SecondFactorPending,
  SecondFactorPolicy,
  TokenPair,
} from '@cafe/shared';
import { peopleText } from '@cafe/shared';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import type { AppBase, AuthUser } from '../../context';
import { forbidden, notFound, refusal } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { UsersService } from '../users/users.service';
import { newToken, sha256 } from './email-link';
import { hasPassword, signInAudit } from './passwords';
import {
  PENDING_ATTEMPTS,
  PENDING_MINUTES,
  normalRecoveryCode,
  passkeyDescriptor,
  relyingParty,
  totpStep,
} from './second-factor-core';
import { revokeAllUserTokens } from './auth.repository';
import { createFactorEnrolment } from './second-factor-enrol';
import {
  countAttempt,
  deleteChallengesOf,
  deleteFactorsOf,
  deleteRecoveryCodes,
  factorsOf,
  findChallenge,
  findPasskey,
  insertChallenge,
  passkeyUsed,
  readStaffPolicy,
  setChallenge,
  takeTotpStep,
  useChallenge,
  useRecoveryCode,
  writeStaffPolicy,
  type ChallengeRow,
  type FactorRow,
} from './second-factor.repository';

const FACTOR_FAILED = 'That did not work. Check the code, or use another way to confirm it is you.';
const PENDING_ENDED = 'This sign-in has ended. Please sign in again.';
const PASSKEY_UNKNOWN = 'This passkey is not known here. Sign in with your password.';
const RESET_OWN = 'You cannot reset your own second factors. Remove them in your profile, or ask another admin.';
/** Topics of the cluster bus: a person's factors changed, the policy changed. */
const FACTORS_TOPIC = 'second-factors';
const POLICY_TOPIC = 'second-factor-policy';
const STAFF: readonly Role[] = ['barista', 'admin'];

const failed = () => refusal(401, 'SECOND_FACTOR_FAILED', peopleText('people.auth.factorFailed'), FACTOR_FAILED);
const pendingEnded = () => refusal(401, 'UNAUTHENTICATED', peopleText('people.auth.pendingEnded'), PENDING_ENDED);
const passkeyUnknown = () =>
  refusal(401, 'SECOND_FACTOR_FAILED', peopleText('people.auth.passkeyUnknown'), PASSKEY_UNKNOWN);

type StartSession = (
  user: { id: number; role: Role; tokens_valid_after?: string | null },
  method?: 'password',
  device?: string,
) => Promise<TokenPair>;

/**
 * The second factor (docs/decisions/0078-second-factor.md): the step after the password, signing
 * in with a passkey alone, who must have one, and (second-factor-enrol.ts) a person's own factors.
 */
export function createSecondFactor(ctx: AppBase, deps: { users: UsersService }, auth: { startSession: StartSession }) {
  const { db, clock, config } = ctx;
  const rp = relyingParty(config);

  // What the guard asks on every request of a barista or admin, kept in memory: the policy, and
  // whether each person has a factor (or no password). Every process drops them when they change.
  // Read when the app is built (after its migrations), so no request of a barista pays for it.
  let staffPolicy: Promise<boolean> | undefined = readStaffPolicy(db);
  staffPolicy.catch(() => {
    staffPolicy = undefined;
  });
  const exempt = new Map<number, Promise<boolean>>();
  ctx.bus.subscribe(POLICY_TOPIC, () => {
    staffPolicy = undefined;
  });
  ctx.bus.subscribe(FACTORS_TOPIC, (key) => {
    if (typeof key === 'number') exempt.delete(key);
    else exempt.clear();
  });

  const audit = signInAudit(ctx);

  function factorsChanged(userId: number): void {
    ctx.bus.publish(FACTORS_TOPIC, userId);
  }

  /** A new challenge, live PENDING_MINUTES: its token (only the token's hash is stored) and its end. */
  async function newChallenge(
    purpose: ChallengeRow['purpose'],
    userId: number | null,
    fields: { challenge?: string; totp_secret?: string } = {},
  ): Promise<{ token: string; expiresAt: string }> {
    const now = clock.now();
    const pending = newToken();
    const expiresAt = iso(new Date(now.getTime() + PENDING_MINUTES * 60 * 1000));
    await insertChallenge(
      db,
      {
        token_hash: pending.hash,
        purpose,
        user_id: userId,
        challenge: fields.challenge ?? null,
        totp_secret: fields.totp_secret ?? null,
        expires_at: expiresAt,
        used_at: null,
      },
      iso(now),
    );
    return { token: pending.token, expiresAt };
  }

  /** A live challenge of this purpose (of this person, when given), or the refusal. */
  async function liveChallenge(
    token: string,
    purpose: ChallengeRow['purpose'],
    userId?: number,
  ): Promise<ChallengeRow> {
    const row = await findChallenge(db, sha256(token));
    const now = iso(clock.now());
    if (!row || row.purpose !== purpose || row.used_at !== null || row.expires_at <= now) throw pendingEnded();
    if (userId !== undefined && row.user_id !== userId) throw pendingEnded();
    if (row.attempts >= PENDING_ATTEMPTS) throw pendingEnded();
    return row;
  }

  async function checkPasskey(
    response: Record<string, unknown>,
    challenge: string | null,
    requireUserVerification: boolean,
  ): Promise<FactorRow | null> {
    const answer = response as unknown as AuthenticationResponseJSON;
    if (typeof answer.id !== 'string' || challenge === null) return null;
    const factor = await findPasskey(db, answer.id);
    if (!factor?.public_key || !factor.credential_id) return null;
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response: answer,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification,
        credential: {
          ...passkeyDescriptor(factor),
          publicKey: Buffer.from(factor.public_key, 'base64url'),
          counter: factor.sign_count,
        },
      });
      if (!verified) return null;
      await passkeyUsed(db, factor.id, authenticationInfo.newCounter, iso(clock.now()));
      return factor;
    } catch {
      return null;
    }
  }

  /** Whether the factor given is right for this person (a code or recovery code is taken, once). */
  async function factorOk(
    user: { id: number; name: string },
    body: SecondFactorBody,
    challenge: ChallengeRow,
  ): Promise<boolean> {
    const now = clock.now();
    if ('code' in body) {
      for (const factor of await factorsOf(db, user.id)) {
        if (factor.kind !== 'totp' || !factor.totp_secret) continue;
        const step = totpStep(factor.totp_secret, body.code, now);
        if (step !== null && (await takeTotpStep(db, factor.id, step, iso(now)))) return true;
      }
      return false;
    }
    if ('recoveryCode' in body) {
      const used = await useRecoveryCode(db, user.id, sha256(normalRecoveryCode(body.recoveryCode)), iso(now));
      if (used) await audit(user.id, user, 'user.recovery-code.use');
      return used;
    }
    const factor = await checkPasskey(body.passkey, challenge.challenge, false);
    return factor !== null && factor.user_id === user.id;
  }

  const enrolment = createFactorEnrolment(ctx, deps, { rp, factorsChanged, liveChallenge, newChallenge });

  return {
    ...enrolment,

    /**
     * After the right password: null when the account has no factor (the token pair follows as
     * before), else a pending sign-in the factor completes.
     */
    async afterPassword(user: { id: number }): Promise<SecondFactorPending | null> {
      const factors = await factorsOf(db, user.id);
      if (factors.length === 0) return null;
      const { token, expiresAt } = await newChallenge('sign-in', user.id);
      const methods = [...new Set(factors.map((f) => f.kind))];
      return { secondFactor: { token, methods, expiresAt } };
    },

    /**
     * The person a pending sign-in's token is for (live, used up or ended alike), so that wrong
     * factors count against their account whichever sign-in and address they come from; null for
     * a token of anything else, or of nothing.
     */
    async pendingSignInAccount(token: string): Promise<number | null> {
      const row = await findChallenge(db, sha256(token));
      return row?.purpose === 'sign-in' ? row.user_id : null;
    },

    /** POST /auth/second-factor/passkey-options: a WebAuthn challenge for the pending sign-in. */
    async pendingPasskeyOptions(token: string): Promise<PasskeyOptions> {
      const pending = await liveChallenge(token, 'sign-in');
      const passkeys = (await factorsOf(db, pending.user_id ?? 0)).filter((f) => f.kind === 'passkey');
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'preferred',
        allowCredentials: passkeys.map(passkeyDescriptor),
      });
      await setChallenge(db, pending.token_hash, options.challenge);
      return { token, options: options as unknown as Record<string, unknown> };
    },

    /** POST /auth/second-factor: the factor completes the pending sign-in; tokens only now. */
    async completeSignIn(body: SecondFactorBody, device?: string): Promise<TokenPair> {
      const pending = await liveChallenge(body.token, 'sign-in');
      const user = await deps.users.findCredentialsById(pending.user_id ?? 0);
      if (!user || user.is_available !== 'available') throw pendingEnded();
      if (!(await factorOk(user, body, pending))) {
        await countAttempt(db, pending.token_hash);
        throw failed();
      }
      if (!(await useChallenge(db, pending.token_hash, iso(clock.now())))) throw pendingEnded();
      return auth.startSession(user, 'password', device);
    },

    /** POST /auth/passkey/options: a challenge for signing in with a passkey alone (any of this site's). */
    async passkeySignInOptions(): Promise<PasskeyOptions> {
      const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
      const { token } = await newChallenge('passkey', null, { challenge: options.challenge });
      return { token, options: options as unknown as Record<string, unknown> };
    },

    /**
     * POST /auth/passkey: a passkey that verified its person (user verification required) is both
     * factors at once: something held and something known or been.
     */
    async passkeySignIn(token: string, passkey: Record<string, unknown>, device?: string): Promise<TokenPair> {
      const challenge = await liveChallenge(token, 'passkey');
      if (!(await useChallenge(db, challenge.token_hash, iso(clock.now())))) throw pendingEnded();
      const factor = await checkPasskey(passkey, challenge.challenge, true);
      if (!factor) throw passkeyUnknown();
      const user = await deps.users.findCredentialsById(factor.user_id);
      if (!user || user.is_available !== 'available') throw passkeyUnknown();
      return auth.startSession(user, 'password', device);
    },

    /**
     * DELETE /user/{id}/second-factors (admin; not their own account): someone who lost their
     * factor, whose identity the admin has checked. Their passkeys, authenticator apps, recovery
     * codes and pending sign-ins go, and every session ends as with a new password (refresh tokens
     * revoked, access tokens refused). Their next sign-in is the password alone; when staff must
     * have a factor, the guard asks them to enrol one then, as it asks a new barista. Idempotent: a
     * person without factors is answered the same (their sessions end, the reset is recorded).
     */
    async resetFactors(caller: AuthUser, userId: number): Promise<void> {
      // As an admin's change of their own role: refused, so no admin weakens their own sign-in here.
      if (userId === caller.id) throw forbidden(RESET_OWN, peopleText('people.auth.resetOwnFactors'));
      if (!(await deps.users.findCredentialsById(userId))) throw notFound('User', peopleText('people.users.notFound'));
      const now = iso(clock.now());
      const removed = await db.transaction().execute(async (trx) => {
        const factors = await deleteFactorsOf(trx, userId);
        await deleteRecoveryCodes(trx, userId);
        await deleteChallengesOf(trx, userId);
        // What a password change does: every refresh token revoked, every access token refused.
        await revokeAllUserTokens(trx, userId, now);
        await deps.users.endAccessTokens(userId, trx);
        return factors;
      });
      deps.users.forget(userId);
      factorsChanged(userId);
      // Their live connections joined under the ended session: make them reconnect (and sign in).
      ctx.events.sessionChanged(userId);
      const kinds = removed.map((f) => f.kind);
      const before = {
        passkeys: kinds.filter((k) => k === 'passkey').length,
        authenticatorApps: kinds.filter((k) => k === 'totp').length,
      };
      await audit(userId, { id: caller.id, name: caller.name }, 'user.second-factor.reset', null, {
        before,
        endSessions: true,
      });
    },

    /** Whether baristas and admins must have a second factor. */
    async policy(): Promise<SecondFactorPolicy> {
      staffPolicy ??= readStaffPolicy(db);
      return { requiredForStaff: await staffPolicy };
    },

    async setPolicy(caller: AuthUser, policy: SecondFactorPolicy): Promise<SecondFactorPolicy> {
      const before = (await this.policy()).requiredForStaff;
      await writeStaffPolicy(db, policy.requiredForStaff, iso(clock.now()));
      ctx.bus.publish(POLICY_TOPIC, null);
      if (before !== policy.requiredForStaff) {
        const after = { requiredForStaff: policy.requiredForStaff };
        await audit(caller.id, { id: caller.id, name: caller.name }, 'user.second-factor-policy', after, {
          before: { requiredForStaff: before },
          target: null,
        });
      }
      return policy;
    },

    /**
     * Whether this signed-in person must enrol a factor before they use the app: a barista or admin
     * with a password and no factor, while the setting asks it. Single sign-on accounts are not
     * asked: their identity provider is where their second factor lives.
     */
    async mustEnrol(user: AuthUser): Promise<boolean> {
      if (!STAFF.includes(user.role)) return false;
      if (!(await this.policy()).requiredForStaff) return false;
      let known = exempt.get(user.id);
      if (!known) {
        known = (async () => {
          const account = await deps.users.findCredentialsById(user.id);
          if (!account || !hasPassword(account.password_hash)) return true;
          return (await factorsOf(db, user.id)).length > 0;
        })();
        exempt.set(user.id, known);
      }
      return !(await known);
    },
  };
}
