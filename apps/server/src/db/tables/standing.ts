// The usual and standing orders (migration 021, docs/standing-orders.md).
import type { Generated } from 'kysely';
import type { Timestamp } from './columns';

/** A person's saved usual drink: DrinkChoice as JSON. */
export interface UsualDrinksTable {
  user_id: number;
  drink: string;
  updated_at: Timestamp;
}

/** A standing order; `drink` null is the person's usual; `weekdays` "1,2,3" (0 = Sunday). */
export interface StandingOrdersTable {
  id: Generated<number>;
  user_id: number;
  site_id: number;
  drink: string | null;
  weekdays: string;
  time: string;
  paused: Generated<number>;
  skip_date: string | null;
  ended_at: Timestamp | null;
  ended_reason: string | null;
  /** What the drink contains that its owner avoids and confirmed when setting it (diet tags, JSON). */
  diet_confirmed: Generated<string>;
  /** The key of the form that set it (unique per person), or null. */
  creation_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One day of a standing order: placed (with its order), skipped or failed (with the reason). Unique per day. */
export interface StandingOrderRunsTable {
  standing_order_id: number;
  day: string;
  outcome: string;
  order_id: number | null;
  reason: string | null;
  /** The reason as the people catalogue words it (PeopleText as JSON), or null. */
  reason_text: string | null;
  created_at: Timestamp;
}
