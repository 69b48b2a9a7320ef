import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * A second factor for password accounts (docs/api/people.md, "Second factor";
 * docs/decisions/0078-second-factor.md): passkeys (WebAuthn), an authenticator app (TOTP) and
 * single-use recovery codes. WebAuthn's own JSON (options, a browser's answer) passes through as it
 * is: @simplewebauthn on both sides reads and writes it.
 */

export const SECOND_FACTOR_KINDS = ['passkey', 'totp'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

/** How many recovery codes a person is given at a time. */
export const RECOVERY_CODE_COUNT = 10;

/** A WebAuthn JSON object (options, or a browser's answer): checked by the WebAuthn library, not here. */
const WebAuthnJsonSchema = z.record(z.string(), z.unknown());

/** A six-digit code of an authenticator app (spaces allowed, as apps show them). */
export const TotpCodeSchema = z
  .string({ error: 'code is required' })
  .max(20, { message: 'code must be six digits' })
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: 'code must be six digits' }));

/** A recovery code as printed (xxxxxx-xxxxxx-xxxxxx-xxxxxx); case, spaces and dashes do not matter. */
export const RecoveryCodeSchema = z
  .string({ error: 'recoveryCode is required' })
  .max(60, { message: 'recoveryCode must be 24 letters and digits' })
  .transform((s) => s.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{24}$/, { message: 'recoveryCode must be 24 letters and digits' }));

// An unknown token of any length is simply unknown (401): only its type and size are checked here.
const PendingTokenSchema = z
  .string({ error: 'token is required' })
  .min(1, { message: 'token is required' })
  .max(200, { message: 'token must be at most 200 characters' });
const FactorNameSchema = z.string().trim().min(1).max(60);
const PasswordSchema = z
  .string({ error: 'password is required' })
  .min(1, { message: 'password is required' })
  .max(LIMITS.passwordMax);

/** The answer of POST /auth/v2/login (202) when the account has a second factor: no tokens yet. */
export const SecondFactorPendingSchema = z.object({
  secondFactor: z.object({
    /** Sent back with the factor (POST /auth/second-factor); works for 5 minutes, for this sign-in only. */
    token: z.string(),
    /** What the person has enrolled (recovery codes always work while any are left). */
    methods: z.array(z.enum(SECOND_FACTOR_KINDS)),
    expiresAt: z.string(),
  }),
});
export type SecondFactorPending = z.infer<typeof SecondFactorPendingSchema>;

/** POST /auth/second-factor: the pending token and exactly one factor. */
export const SecondFactorBodySchema = z.union([
  z.object({ token: PendingTokenSchema, code: TotpCodeSchema }).strict(),
  z.object({ token: PendingTokenSchema, recoveryCode: RecoveryCodeSchema }).strict(),
  z.object({ token: PendingTokenSchema, passkey: WebAuthnJsonSchema }).strict(),
]);
export type SecondFactorBody = z.infer<typeof SecondFactorBodySchema>;

/** POST /auth/second-factor/passkey-options: the pending token. */
export const PendingTokenBodySchema = z.object({ token: PendingTokenSchema });

/** WebAuthn options for the browser, and the token that names their challenge. */
export const PasskeyOptionsSchema = z.object({ token: z.string(), options: WebAuthnJsonSchema });
export type PasskeyOptions = z.infer<typeof PasskeyOptionsSchema>;

/** POST /auth/passkey: a passwordless sign-in (the token of POST /auth/passkey/options). */
export const PasskeySignInBodySchema = z.object({ token: PendingTokenSchema, passkey: WebAuthnJsonSchema });

/** One of a person's factors, as their profile lists it. */
export const SecondFactorSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SECOND_FACTOR_KINDS),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type SecondFactor = z.infer<typeof SecondFactorSchema>;

/** GET /auth/second-factors. */
export const SecondFactorsSchema = z.object({
  factors: z.array(SecondFactorSchema),
  /** Recovery codes not used yet (0 before the first factor). */
  recoveryCodesLeft: z.number().int(),
  /** Whether this person must have a second factor (a barista or admin, the setting on, a password account). */
  required: z.boolean(),
  /** Whether the account has a password (single sign-on accounts are not asked: their provider is). */
  hasPassword: z.boolean(),
});
export type SecondFactors = z.infer<typeof SecondFactorsSchema>;

/** POST /auth/second-factors/passkey: the browser's answer to the registration options. */
export const AddPasskeyBodySchema = z.object({
  token: PendingTokenSchema,
  name: FactorNameSchema.optional(),
  passkey: WebAuthnJsonSchema,
});
export type AddPasskeyBody = z.infer<typeof AddPasskeyBodySchema>;

/** POST /auth/second-factors/totp/setup: the secret to put in the app (shown once, as text and QR code). */
export const TotpSetupSchema = z.object({ token: z.string(), secret: z.string(), uri: z.string() });
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

/** POST /auth/second-factors/totp: the first code of the app confirms it. */
export const AddTotpBodySchema = z.object({
  token: PendingTokenSchema,
  code: TotpCodeSchema,
  name: FactorNameSchema.optional(),
});
export type AddTotpBody = z.infer<typeof AddTotpBodySchema>;

/** A factor added: with the recovery codes when it was the first (shown once). */
export const FactorAddedSchema = z.object({
  factor: SecondFactorSchema,
  recoveryCodes: z.array(z.string()).nullable(),
});
export type FactorAdded = z.infer<typeof FactorAddedSchema>;

/** Removing a factor, or new recovery codes: the password asked again. */
export const PasswordAgainBodySchema = z.object({ password: PasswordSchema });
export type PasswordAgainBody = z.infer<typeof PasswordAgainBodySchema>;

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** GET/PUT /auth/second-factor-policy (admin). */
export const SecondFactorPolicySchema = z.object({ requiredForStaff: z.boolean() });
export type SecondFactorPolicy = z.infer<typeof SecondFactorPolicySchema>;
