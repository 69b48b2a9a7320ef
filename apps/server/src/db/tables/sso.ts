import type { Timestamp } from './columns';

/**
 * A person's identity at the company's identity provider (migration 030): the provider's issuer
 * and the `sub` it gave them, linked to their account at their first single sign-on.
 */
export interface SsoIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: number;
  created_at: Timestamp;
}
