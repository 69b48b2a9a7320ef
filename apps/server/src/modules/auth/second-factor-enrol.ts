import type {
  AddPasskeyBody,
  AddTotpBody,
  FactorAdded,
  PasskeyOptions,
  RecoveryCodes,
  SecondFactors,
  TotpSetup,
} from '@cafe/shared';
import { peopleText } from '@cafe/shared';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppBase, AuthUser } from '../../context';
import { notFound, refusal } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { UsersService } from '../users/users.service';
import { assertPasswordAgain, hasPassword, sessionEnded, signInAudit } from './passwords';
import {
  newRecoveryCodes,
  newTotpSecret,
  passkeyDescriptor,
  toSecondFactor,
  totpStep,
  totpUri,
} from './second-factor-core';
import {
  deleteFactor,
  deleteRecoveryCodes,
  factorsOf,
  insertFactor,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  useChallenge,
  type ChallengeRow,
  type FactorRow,
} from './second-factor.repository';

const NO_PASSWORD =
  'This account signs in with the company sign-in, whose own second factor protects it: there is nothing to set up here.';
const PASSKEY_REFUSED = 'The passkey could not be added. Please try again.';
const CODE_REFUSED = 'That code is not right. Check the time on your phone and enter the code the app shows now.';
const RECOVERY_NEEDS_FACTOR = 'Add a passkey or an authenticator app first: recovery codes stand in for one.';

const passkeyRefused = () => refusal(400, 'VALIDATION', peopleText('people.auth.passkeyRefused'), PASSKEY_REFUSED);
const codeRefused = () => refusal(400, 'SECOND_FACTOR_FAILED', peopleText('people.auth.codeRefused'), CODE_REFUSED);

interface EnrolHelpers {
  rp: { id: string; origins: string[] };
  factorsChanged: (userId: number) => void;
  liveChallenge: (token: string, purpose: ChallengeRow['purpose'], userId?: number) => Promise<ChallengeRow>;
  newChallenge: (
    purpose: ChallengeRow['purpose'],
    userId: number,
    fields: { challenge?: string; totp_secret?: string },
  ) => Promise<{ token: string }>;
}

/** A person's own factors: adding a passkey or an app, removing one, recovery codes (part of the second factor). */
export function createFactorEnrolment(ctx: AppBase, deps: { users: UsersService }, helpers: EnrolHelpers) {
  const { db, clock } = ctx;
  const { rp, factorsChanged, liveChallenge, newChallenge } = helpers;
  const audit = signInAudit(ctx);

  /** The caller's account, with a password (single sign-on accounts have nothing to set up here). */
  async function passwordAccount(caller: AuthUser) {
    const account = await deps.users.findCredentialsById(caller.id);
    if (!account) throw sessionEnded();
    if (!hasPassword(account.password_hash))
      throw refusal(409, 'NO_PASSWORD', peopleText('people.auth.noPasswordFactor'), NO_PASSWORD);
    return account;
  }

  async function assertPassword(caller: AuthUser, password: string): Promise<void> {
    await assertPasswordAgain((await passwordAccount(caller)).password_hash, password);
  }

  /** The factor is the person's now; with their first, their recovery codes (shown once). */
  async function added(
    caller: AuthUser,
    row: Omit<Parameters<typeof insertFactor>[1], 'user_id' | 'created_at'>,
  ): Promise<FactorAdded> {
    const now = iso(clock.now());
    const fresh = newRecoveryCodes();
    const { factor, first } = await db.transaction().execute(async (trx) => {
      const first = (await factorsOf(trx, caller.id)).length === 0;
      const factor = await insertFactor(trx, { ...row, user_id: caller.id, created_at: now });
      if (first) await replaceRecoveryCodes(trx, caller.id, fresh.hashes, now);
      return { factor, first };
    });
    factorsChanged(caller.id);
    await audit(caller.id, caller, 'user.second-factor.add', { kind: factor.kind, name: factor.name });
    return { factor: toSecondFactor(factor), recoveryCodes: first ? fresh.codes : null };
  }

  function defaultName(kind: FactorRow['kind'], factors: FactorRow[]): string {
    const base = kind === 'passkey' ? 'Passkey' : 'Authenticator app';
    const same = factors.filter((f) => f.kind === kind).length;
    return same === 0 ? base : `${base} ${same + 1}`;
  }

  return {
    /** GET /auth/second-factors: the caller's factors, recovery codes left, and whether they must have one. */
    async list(caller: AuthUser, required: boolean): Promise<SecondFactors> {
      const account = await deps.users.findCredentialsById(caller.id);
      const factors = await factorsOf(db, caller.id);
      return {
        factors: factors.map(toSecondFactor),
        recoveryCodesLeft: await recoveryCodesLeft(db, caller.id),
        required,
        hasPassword: account ? hasPassword(account.password_hash) : false,
      };
    },

    /** POST /auth/second-factors/passkey/options: WebAuthn registration options for a new passkey. */
    async passkeyEnrolOptions(caller: AuthUser): Promise<PasskeyOptions> {
      const account = await passwordAccount(caller);
      const factors = await factorsOf(db, caller.id);
      const options = await generateRegistrationOptions({
        rpName: 'Office Cafe',
        rpID: rp.id,
        userName: account.email,
        userDisplayName: account.name,
        attestationType: 'none',
        // A discoverable credential, so the passkey alone can sign in later.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
        excludeCredentials: factors.filter((f) => f.kind === 'passkey' && f.credential_id).map(passkeyDescriptor),
      });
      const { token } = await newChallenge('enrol-passkey', caller.id, { challenge: options.challenge });
      return { token, options: options as unknown as Record<string, unknown> };
    },

    /** POST /auth/second-factors/passkey: the browser's answer; the passkey is the caller's. */
    async addPasskey(caller: AuthUser, body: AddPasskeyBody): Promise<FactorAdded> {
      await passwordAccount(caller);
      const challenge = await liveChallenge(body.token, 'enrol-passkey', caller.id);
      if (!(await useChallenge(db, challenge.token_hash, iso(clock.now())))) throw passkeyRefused();
      let credential;
      try {
        const result = await verifyRegistrationResponse({
          response: body.passkey as unknown as RegistrationResponseJSON,
          expectedChallenge: challenge.challenge ?? '',
          expectedOrigin: rp.origins,
          expectedRPID: rp.id,
          requireUserVerification: false,
        });
        if (!result.verified) throw new Error('not verified');
        credential = result.registrationInfo.credential;
      } catch {
        throw passkeyRefused();
      }
      return added(caller, {
        kind: 'passkey',
        name: body.name ?? defaultName('passkey', await factorsOf(db, caller.id)),
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        sign_count: credential.counter,
        transports: credential.transports?.join(',') ?? null,
        totp_secret: null,
        totp_last_step: null,
        last_used_at: null,
      });
    },

    /** POST /auth/second-factors/totp/setup: a new secret, shown once; the first code confirms it. */
    async totpSetup(caller: AuthUser): Promise<TotpSetup> {
      const account = await passwordAccount(caller);
      const secret = newTotpSecret();
      const { token } = await newChallenge('enrol-totp', caller.id, { totp_secret: secret });
      return { token, secret, uri: totpUri(secret, account.email) };
    },

    /** POST /auth/second-factors/totp: the app's first code; the app is the caller's. */
    async addTotp(caller: AuthUser, body: AddTotpBody): Promise<FactorAdded> {
      await passwordAccount(caller);
      const challenge = await liveChallenge(body.token, 'enrol-totp', caller.id);
      const secret = challenge.totp_secret ?? '';
      const step = totpStep(secret, body.code, clock.now());
      if (step === null || !(await useChallenge(db, challenge.token_hash, iso(clock.now())))) throw codeRefused();
      return added(caller, {
        kind: 'totp',
        name: body.name ?? defaultName('totp', await factorsOf(db, caller.id)),
        credential_id: null,
        public_key: null,
        sign_count: 0,
        transports: null,
        totp_secret: secret,
        // The code that confirmed the app cannot sign in again.
        totp_last_step: step,
        last_used_at: null,
      });
    },

    /** DELETE /auth/second-factors/:id: the password again; the last factor takes the recovery codes with it. */
    async removeFactor(caller: AuthUser, id: number, password: string): Promise<void> {
      await assertPassword(caller, password);
      const removed = await db.transaction().execute(async (trx) => {
        const row = await deleteFactor(trx, caller.id, id);
        if (row && (await factorsOf(trx, caller.id)).length === 0) await deleteRecoveryCodes(trx, caller.id);
        return row;
      });
      if (!removed) throw notFound('This sign-in method', peopleText('people.auth.methodNotFound'));
      factorsChanged(caller.id);
      await audit(caller.id, caller, 'user.second-factor.remove', { kind: removed.kind, name: removed.name });
    },

    /** POST /auth/recovery-codes: the password again; ten new codes, the earlier ones stop working. */
    async regenerateRecoveryCodes(caller: AuthUser, password: string): Promise<RecoveryCodes> {
      await assertPassword(caller, password);
      if ((await factorsOf(db, caller.id)).length === 0) {
        throw refusal(409, 'VALIDATION', peopleText('people.auth.recoveryNeedsFactor'), RECOVERY_NEEDS_FACTOR);
      }
      const fresh = newRecoveryCodes();
      await replaceRecoveryCodes(db, caller.id, fresh.hashes, iso(clock.now()));
      await audit(caller.id, caller, 'user.recovery-codes.new');
      return { recoveryCodes: fresh.codes };
    },
  };
}
