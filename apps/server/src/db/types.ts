import type { CategoryFor, DrinkType, IsActive, IsAvailable, OrderStatus, Role } from '@cafe/shared';
import type { ColumnType, Generated, Kysely } from 'kysely';

/** Timestamps are stored as ISO-8601 UTC text on both engines, so they compare and sort alike. */
type Timestamp = string;
/** A column that an insert may leave out (the database writes NULL). */
type Optional<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  is_available: IsAvailable;
  push_status: 'ACTIVE' | 'INACTIVE';
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
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  category_for: CategoryFor;
  is_available: IsAvailable;
  sort_order: number;
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
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrdersTable {
  id: Generated<number>;
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
}

/** Busy mode: new cafe orders paused by hand, or by the queue or the wait passing a limit. */
export interface OrderingSettingsTable {
  id: number;
  paused: number;
  max_waiting: number | null;
  max_wait_minutes: number | null;
  updated_by: number | null;
  updated_at: Timestamp | null;
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

export interface ShopStatusTable {
  id: number;
  is_cafe_open: number;
  is_bar_open: number;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}

/** A rate-limit counter shared by every process; reset_at is epoch milliseconds. */
export interface RateLimitHitsTable {
  key: string;
  count: number;
  reset_at: number | string;
}

/** Secrets the processes must share (JWT signing key, VAPID keys), made once. */
export interface AppSecretsTable {
  name: string;
  value: string;
}

/** A venue's hours on one weekday (0 = Sunday), cafe time "HH:MM" (migration 008). */
export interface ScheduleWeeklyTable {
  venue: CategoryFor;
  weekday: number;
  opens: string;
  closes: string;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** A day both venues stay closed. */
export interface ScheduleClosedDaysTable {
  day: string;
  note: string;
  created_by: number | null;
  created_at: Timestamp;
}

/** A scheduled change or closing warning handled once, by whichever process inserted its key first. */
export interface ScheduleRunsTable {
  key: string;
  kind: 'change' | 'warning';
  scheduled_at: Timestamp;
  /** `applied` / `skipped` (a change), `sent` (a warning). */
  outcome: string;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  categories: CategoriesTable;
  menu_items: MenuItemsTable;
  orders: OrdersTable;
  order_status_history: OrderStatusHistoryTable;
  images: ImagesTable;
  shop_status: ShopStatusTable;
  settings: SettingsTable;
  push_subscriptions: PushSubscriptionsTable;
  rate_limit_hits: RateLimitHitsTable;
  app_secrets: AppSecretsTable;
  ordering_settings: OrderingSettingsTable;
  schedule_weekly: ScheduleWeeklyTable;
  schedule_closed_days: ScheduleClosedDaysTable;
  schedule_runs: ScheduleRunsTable;
}

/** A database handle or a transaction: both run the same queries. */
export type Db = Kysely<Database>;
