import type { Kysely } from 'kysely';
import type {
  UsersTable,
  RefreshTokensTable,
  CategoriesTable,
  MenuItemsTable,
  OrdersTable,
  OrderStatusHistoryTable,
  ImagesTable,
  SitesTable,
  SiteBaristasTable,
  SiteMenuItemsTable,
  OptionGroupsTable,
  OptionChoicesTable,
  MenuItemOptionGroupsTable,
  SiteOptionChoicesTable,
  OrderOptionsTable,
  RunsTable,
} from './tables/ordering';
import type {
  PushSubscriptionsTable,
  RateLimitHitsTable,
  AppSecretsTable,
  ScheduleWeeklyTable,
  ScheduleClosedDaysTable,
  ScheduleRunsTable,
  NotificationOutboxTable,
  NotificationPreferencesTable,
  EmailConfirmationsTable,
  PasswordResetsTable,
  AuditLogTable,
  DisplayTokensTable,
  LiveSequencesTable,
  LiveEventsTable,
  RequestKeysTable,
} from './tables/operations';
import type {
  SlackLinksTable,
  SlackLinkTokensTable,
  SlackSeenRequestsTable,
  SlackOrderMessagesTable,
} from './tables/slack';
import type { UsualDrinksTable, StandingOrdersTable, StandingOrderRunsTable } from './tables/standing';
import type { HealthConsentsTable } from './tables/people';
import type { SsoIdentitiesTable } from './tables/sso';
import type {
  ChatLinksTable,
  ChatLinkTokensTable,
  ChatSeenTable,
  ChatOrderMessagesTable,
  ChatChannelStateTable,
} from './tables/chat';
import type {
  SecondFactorsTable,
  RecoveryCodesTable,
  SecondFactorChallengesTable,
  SecuritySettingsTable,
} from './tables/second-factor';

export type * from './tables/ordering';
export type * from './tables/operations';
export type * from './tables/slack';
export type * from './tables/chat';
export type * from './tables/standing';
export type * from './tables/people';
export type * from './tables/sso';
export type * from './tables/second-factor';

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  categories: CategoriesTable;
  menu_items: MenuItemsTable;
  orders: OrdersTable;
  runs: RunsTable;
  order_status_history: OrderStatusHistoryTable;
  images: ImagesTable;
  sites: SitesTable;
  site_baristas: SiteBaristasTable;
  site_menu_items: SiteMenuItemsTable;
  option_groups: OptionGroupsTable;
  option_choices: OptionChoicesTable;
  menu_item_option_groups: MenuItemOptionGroupsTable;
  site_option_choices: SiteOptionChoicesTable;
  order_options: OrderOptionsTable;
  push_subscriptions: PushSubscriptionsTable;
  rate_limit_hits: RateLimitHitsTable;
  app_secrets: AppSecretsTable;
  schedule_weekly: ScheduleWeeklyTable;
  schedule_closed_days: ScheduleClosedDaysTable;
  schedule_runs: ScheduleRunsTable;
  notification_outbox: NotificationOutboxTable;
  notification_preferences: NotificationPreferencesTable;
  email_confirmations: EmailConfirmationsTable;
  password_resets: PasswordResetsTable;
  audit_log: AuditLogTable;
  display_tokens: DisplayTokensTable;
  live_sequences: LiveSequencesTable;
  live_events: LiveEventsTable;
  request_keys: RequestKeysTable;
  slack_links: SlackLinksTable;
  slack_link_tokens: SlackLinkTokensTable;
  slack_seen_requests: SlackSeenRequestsTable;
  slack_order_messages: SlackOrderMessagesTable;
  usual_drinks: UsualDrinksTable;
  standing_orders: StandingOrdersTable;
  standing_order_runs: StandingOrderRunsTable;
  health_consents: HealthConsentsTable;
  sso_identities: SsoIdentitiesTable;
  chat_links: ChatLinksTable;
  chat_link_tokens: ChatLinkTokensTable;
  chat_seen: ChatSeenTable;
  chat_order_messages: ChatOrderMessagesTable;
  chat_channel_state: ChatChannelStateTable;
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  second_factor_challenges: SecondFactorChallengesTable;
  security_settings: SecuritySettingsTable;
}

/** A database handle or a transaction: both run the same queries. */
export type Db = Kysely<Database>;
