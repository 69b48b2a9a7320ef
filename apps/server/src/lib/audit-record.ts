import type { AuditAction, AuditTargetType, AuditValues } from '@cafe/shared';

/** Who made a change: an account, with its name at the time (read from the account when left out). */
export interface AuditActor {
  id: number;
  name?: string;
}

/** One change to record (docs/api.md, "Audit log"). */
export interface AuditRecord {
  /** null: nobody (the system); prefer the opening hours' account where it acted. */
  actor: AuditActor | null;
  action: AuditAction;
  /** What changed; `id` a row's id, or a closed day's date. */
  target: { type: AuditTargetType; id?: number | string | null };
  /** The site the change was made at. */
  siteId?: number | null;
  /** The changed fields as they were (null or left out: it did not exist) and as they became. */
  before?: AuditValues | null;
  after?: AuditValues | null;
  /** Keep only the fields whose values differ, and nothing when none does (an update). */
  onlyChanged?: boolean;
}
