import type { Generated } from 'kysely';
import type { Timestamp } from './columns';

/** A person's passkey or authenticator app (migration 028, docs/decisions/0078-second-factor.md). */
export interface SecondFactorsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'passkey' | 'totp';
  name: string;
  credential_id: string | null;
  public_key: string | null;
  sign_count: Generated<number>;
  transports: string | null;
  totp_secret: string | null;
  totp_last_step: number | null;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** A single-use recovery code, sha256 only. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

export type ChallengePurpose = 'sign-in' | 'passkey' | 'enrol-passkey' | 'enrol-totp';

/** Something pending for a few minutes, by the sha256 of the token its holder was given. */
export interface SecondFactorChallengesTable {
  token_hash: string;
  purpose: ChallengePurpose;
  user_id: number | null;
  challenge: string | null;
  totp_secret: string | null;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** One row: whether baristas and admins must have a second factor. */
export interface SecuritySettingsTable {
  id: number;
  second_factor_for_staff: number;
  updated_at: Timestamp | null;
}
