import type { Kysely } from 'kysely';
import type * as chat from './tables/chat';
import type * as operations from './tables/operations';
import type * as ordering from './tables/ordering';
import type * as people from './tables/people';
import type * as secondFactor from './tables/second-factor';
import type * as sso from './tables/sso';
import type * as standing from './tables/standing';

export type * from './tables/ordering';
export type * from './tables/operations';
export type * from './tables/chat';
export type * from './tables/standing';
export type * from './tables/people';
export type * from './tables/sso';
export type * from './tables/second-factor';

export interface Database {
  users: ordering.UsersTable;
  refresh_tokens: ordering.RefreshTokensTable;
  categories: ordering.CategoriesTable;
  menu_items: ordering.MenuItemsTable;
  orders: ordering.OrdersTable;
  runs: ordering.RunsTable;
  order_status_history: ordering.OrderStatusHistoryTable;
  images: ordering.ImagesTable;
  sites: ordering.SitesTable;
  site_baristas: ordering.SiteBaristasTable;
  site_menu_items: ordering.SiteMenuItemsTable;
  option_groups: ordering.OptionGroupsTable;
  option_choices: ordering.OptionChoicesTable;
  menu_item_option_groups: ordering.MenuItemOptionGroupsTable;
  site_option_choices: ordering.SiteOptionChoicesTable;
  order_options: ordering.OrderOptionsTable;
  push_subscriptions: operations.PushSubscriptionsTable;
  rate_limit_hits: operations.RateLimitHitsTable;
  app_secrets: operations.AppSecretsTable;
  schedule_weekly: operations.ScheduleWeeklyTable;
  schedule_closed_days: operations.ScheduleClosedDaysTable;
  schedule_runs: operations.ScheduleRunsTable;
  notification_outbox: operations.NotificationOutboxTable;
  notification_preferences: operations.NotificationPreferencesTable;
  email_confirmations: operations.EmailConfirmationsTable;
  password_resets: operations.PasswordResetsTable;
  audit_log: operations.AuditLogTable;
  display_tokens: operations.DisplayTokensTable;
  live_sequences: operations.LiveSequencesTable;
  live_events: operations.LiveEventsTable;
  request_keys: operations.RequestKeysTable;
  usual_drinks: standing.UsualDrinksTable;
  standing_orders: standing.StandingOrdersTable;
  standing_order_runs: standing.StandingOrderRunsTable;
  health_consents: people.HealthConsentsTable;
  sso_identities: sso.SsoIdentitiesTable;
  chat_links: chat.ChatLinksTable;
  chat_link_tokens: chat.ChatLinkTokensTable;
  chat_seen: chat.ChatSeenTable;
  chat_order_messages: chat.ChatOrderMessagesTable;
  chat_channel_state: chat.ChatChannelStateTable;
  chat_pace: chat.ChatPaceTable;
  second_factors: secondFactor.SecondFactorsTable;
  recovery_codes: secondFactor.RecoveryCodesTable;
  second_factor_challenges: secondFactor.SecondFactorChallengesTable;
  security_settings: secondFactor.SecuritySettingsTable;
}

/** A database handle or a transaction: both run the same queries. */
export type Db = Kysely<Database>;
