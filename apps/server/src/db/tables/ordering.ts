// The tables of people, sites, the menu and orders (db/types.ts gathers every table).
import type {
  CategoryFor,
  CategoryKind,
  DisplayNames,
  DrinkType,
  IsActive,
  IsAvailable,
  OrderStatus,
  Role,
  SignInMethod,
} from '@cafe/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Optional, Timestamp } from './columns';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  is_available: IsAvailable;
  push_status: 'ACTIVE' | 'INACTIVE';
  /** The site the person orders at (migration 009); null until they chose one. */
  home_site_id: Optional<number | null>;
  /** 1 while a password registration has not opened its confirmation link (migration 014). */
  email_unconfirmed: Generated<number>;
  /** No access token issued before this instant is taken (migration 016); null: none refused. */
  tokens_valid_after: Optional<Timestamp | null>;
  /** What the person cannot drink (migration 020): a JSON list of diet tags, '[]' for none. */
  avoids: Optional<string>;
  /** The team the person belongs to, set by an admin (migration 032); null: none. */
  team: Optional<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  replaced_by: number | null;
  created_at: Timestamp;
  /** Migration 029: the family's sign-in (the absolute lifetime counts from it), its method and browser. */
  session_started_at: Timestamp | null;
  sign_in_method: ColumnType<SignInMethod, SignInMethod | undefined, SignInMethod>;
  user_agent: string | null;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  category_for: CategoryFor;
  is_available: IsAvailable;
  sort_order: number;
  /** What the board's Coffee / Tea filter files it under (migration 015). */
  kind: Optional<CategoryKind>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MenuItemsTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  description: string;
  is_active: IsActive;
  is_available: IsAvailable;
  /** Its allergen and diet tags (migration 020): a JSON list, '[]' for none. */
  tags: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrdersTable {
  id: Generated<number>;
  /**
   * The site the order was placed at; `cafe_day` and `cafe_hour` are in its time zone. Placing an
   * order always writes it; the column's default (the first site) served the orders before sites.
   */
  site_id: Optional<number>;
  user_id: number;
  menu_id: number;
  /** The venue at the time of ordering, kept even if the category later moves. */
  category_for: CategoryFor;
  /** The calendar day (cafe time zone) the order was placed on: the daily limit and queue key. */
  cafe_day: string;
  /**
   * The hour (0-23, cafe time zone) the order was placed at, for statistics by hour. Written at
   * placement; null only for a row written some other way (the statistics then work it out).
   */
  cafe_hour: number | null;
  status: OrderStatus;
  type: DrinkType | null;
  sweetness: number | null;
  remark: string;
  tumbler_image: string;
  reject_note: string;
  order_date: Timestamp;
  updated_at: Timestamp;
  /** The client's Idempotency-Key of the placement (unique per person), and a hash of its body. */
  idempotency_key: string | null;
  idempotency_fingerprint: string | null;
  /** Its last move to in-progress and to done; cleared again by an undo (null until then). */
  taken_at: Optional<Timestamp | null>;
  done_at: Optional<Timestamp | null>;
  /** Placed -> taken and taken -> done, in milliseconds (null until they happened). */
  wait_ms: Optional<number | string | null>;
  prep_ms: Optional<number | string | null>;
  /** 1 for an order a barista entered at the counter; a guest's name when it is for a guest. */
  walk_up: Optional<number>;
  guest_name: Optional<string | null>;
  /** An order for later: its slot's start (migration 011); null: as soon as possible. */
  pickup_at: Optional<Timestamp | null>;
  /** When a barista marked its tumbler not here (migration 015); null: not marked, or found. */
  tumbler_missing_at: Optional<Timestamp | null>;
  /**
   * The site's tumbler grace (seconds) when its tumbler was last marked not here (migration 023):
   * the deadline is `tumbler_missing_at` plus this, fixed when the owner is told. Null: never marked.
   */
  tumbler_grace_seconds: Optional<number | null>;
  /** When the owner of the finished drink was reminded to pick it up (once); null: not yet. */
  reminded_at: Optional<Timestamp | null>;
  /** The owner's avoided tags when it was placed, and those the drink contains (migration 020): JSON lists. */
  owner_avoids: Optional<string>;
  diet_warnings: Optional<string>;
  /** The barista making it (migration 026): a claim, or their Do on an order nobody had taken; null: nobody. */
  claimed_by: Optional<number | null>;
  /** When they took it; null with `claimed_by`. */
  claimed_at: Optional<Timestamp | null>;
  /** The coffee run it was added to (migration 032); null: none. */
  run_id: Optional<number | null>;
  /** 1: served into its owner's own tumbler, a disposable cup saved once picked up (migration 032). */
  own_cup: Optional<number>;
  /** The instant promised at placement (migration 033): the line model's ready time, or the pickup time; null: none stored. */
  promised_ready_at: Optional<Timestamp | null>;
  /** When its owner was told it will be late (migration 033, once); null: not told. */
  late_told_at: Optional<Timestamp | null>;
}

/** A coffee run (migration 032): one colleague collects the drinks others add before it closes. */
export interface RunsTable {
  id: Generated<number>;
  site_id: number;
  /** Null once the runner's account was erased. */
  runner_id: number | null;
  /** Where the drinks go ("Meeting room 3"). */
  place: string;
  /** The pickup slot's start; every drink of the run is an order for then. */
  pickup_at: Timestamp;
  /** Drinks are added until then (or until the runner closed it: `closed_at`). */
  closes_at: Timestamp;
  closed_at: Optional<Timestamp | null>;
  created_at: Timestamp;
}

/**
 * A cafe and bar of the company (migration 009): where it is, how far from it people may order,
 * its zone, which venues it runs, its shop status and its busy mode.
 */
export interface SitesTable {
  id: Generated<number>;
  name: string;
  latitude: number;
  longitude: number;
  radius_km: number;
  time_zone: string;
  runs_cafe: number;
  runs_bar: number;
  is_cafe_open: number;
  is_bar_open: number;
  status_updated_by: number | null;
  status_updated_at: Timestamp | null;
  /** Busy mode: new cafe orders paused by hand, or by the queue or the wait passing a limit. */
  paused: number;
  max_waiting: number | null;
  max_wait_minutes: number | null;
  busy_updated_by: number | null;
  busy_updated_at: Timestamp | null;
  archived_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Pickup settings (migration 011): slot length, lead time, days ahead (0: today), drinks per slot. */
  slot_minutes: Optional<number>;
  lead_minutes: Optional<number>;
  days_ahead: Optional<number>;
  slot_capacity: Optional<number>;
  /** The counter settings (migration 015), in seconds, and what the pickup screen shows of a name. */
  tumbler_grace_seconds: Optional<number>;
  ready_reminder_seconds: Optional<number>;
  uncollected_after_seconds: Optional<number>;
  display_names: Optional<DisplayNames>;
  /** The preparation target (migration 027), in seconds: 240 unless a barista or admin set it. */
  prep_target_seconds: Optional<number>;
}

/** Whether a site serves an item and whether it is sold out there (migration 010). */
export interface SiteMenuItemsTable {
  site_id: number;
  item_id: number;
  available: number;
  sold_out: number;
  /** Sold out until this instant; null: until someone says otherwise. */
  sold_out_until: Timestamp | null;
  updated_by: number | null;
  updated_at: Timestamp | null;
}

/** A group of drink options (migration 011). */
export interface OptionGroupsTable {
  id: Generated<number>;
  name: string;
  min_choices: number;
  max_choices: number;
  max_quantity: number;
  retired_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OptionChoicesTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  sort_order: number;
  is_default: number;
  retired_at: Timestamp | null;
  /** What the choice adds to the drink (migration 020): a JSON list of diet tags, '[]' for none. */
  tags: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The groups an item carries, in order, with its own minimum, maximum and defaults (null: the group's). */
export interface MenuItemOptionGroupsTable {
  item_id: number;
  group_id: number;
  sort_order: number;
  min_choices: number | null;
  max_choices: number | null;
  /** JSON array of choice ids. */
  default_choice_ids: string | null;
}

/** A choice sold out at a site. */
export interface SiteOptionChoicesTable {
  site_id: number;
  choice_id: number;
  sold_out: number;
  sold_out_until: Timestamp | null;
  updated_by: number | null;
  updated_at: Timestamp | null;
}

/** A choice an order made, named as it was when the order was placed. */
export interface OrderOptionsTable {
  id: Generated<number>;
  order_id: number;
  group_id: number;
  group_name: string;
  choice_id: number;
  choice_name: string;
  quantity: number;
  is_default: number;
  sort_order: number;
}

/** Which baristas work at which site. */
export interface SiteBaristasTable {
  site_id: number;
  user_id: number;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  changed_by: number;
  note: string | null;
  changed_at: Timestamp;
}

export interface ImagesTable {
  id: Generated<number>;
  name: string;
  sha256: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  data: Buffer;
  uploaded_by: number;
  created_at: Timestamp;
}
