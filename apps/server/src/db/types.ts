import type { CategoryFor, DrinkType, IsActive, IsAvailable, OrderStatus, Role } from '@cafe/shared';
import type { Generated, Kysely } from 'kysely';

/** Timestamps are stored as ISO-8601 UTC text on both engines, so they compare and sort alike. */
type Timestamp = string;

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
  status: OrderStatus;
  type: DrinkType | null;
  sweetness: number | null;
  remark: string;
  tumbler_image: string;
  reject_note: string;
  order_date: Timestamp;
  updated_at: Timestamp;
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
}

/** A database handle or a transaction: both run the same queries. */
export type Db = Kysely<Database>;
