import type { Timestamp } from './columns';

/**
 * A person's consent to keep what they cannot drink (migration 024,
 * docs/decisions/0068-health-data-consent.md): the wording agreed to and when; `withdrawn_at` set
 * when they withdrew it (their list was erased then). One row per person, the last consent given.
 */
export interface HealthConsentsTable {
  user_id: number;
  version: string;
  given_at: Timestamp;
  withdrawn_at: Timestamp | null;
}
