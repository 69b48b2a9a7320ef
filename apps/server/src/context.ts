import type { Role } from '@cafe/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Dialect } from './db/connection';
import type { Db } from './db/types';
import type { Clock } from './lib/clock';
import type { DomainEvents } from './lib/domain-events';
import type { TokenSigner } from './lib/tokens';
import type { AccountService } from './modules/account/account.service';
import type { AuditService } from './modules/audit/audit.service';
import type { AuthService } from './modules/auth/auth.service';
import type { SessionsService } from './modules/auth/sessions.service';
import type { BusyService } from './modules/busy/busy.service';
import type { DisplayService } from './modules/display/display.service';
import type { HealthService } from './modules/health/health.service';
import type { LiveService } from './modules/live/live.service';
import type { MenuService } from './modules/menu/menu.service';
import type { NotificationsService } from './modules/notifications/notifications.service';
import type { OptionsService } from './modules/options/options.service';
import type { OrdersService } from './modules/orders/orders.service';
import type { OrderingService } from './modules/ordering/ordering.service';
import type { PickupService } from './modules/pickup/pickup.service';
import type { PushService } from './modules/notifications/push.service';
import type { RetentionService } from './modules/retention/retention.service';
import type { ScheduleService } from './modules/schedule/schedule.service';
import type { SettingsService } from './modules/settings/settings.service';
import type { SitesService } from './modules/sites/sites.service';
import type { SlackService } from './modules/slack/slack.service';
import type { ChatService } from './modules/chat/chat.service';
import type { LineService } from './modules/line/line.service';
import type { LineLiff } from './modules/line/line.liff';
import type { TeamsService } from './modules/teams/teams.service';
import type { GoogleChatService } from './modules/google-chat/google-chat.service';
import type { SsoService } from './modules/auth/sso.service';
import type { StandingService } from './modules/standing/standing.service';
import type { ShopStatusService } from './modules/sites/shop-status.service';
import type { StatsService } from './modules/stats/stats.service';
import type { UploadsService } from './modules/uploads/uploads.service';
import type { UsersService } from './modules/users/users.service';
import type { ClusterBus } from './realtime/bus';
import type { DisplayChannel } from './realtime/display-channel';
import type { LiveEvents } from './realtime/events';
import type { LiveServer } from './realtime/socket';
import type { AppMetrics } from './plugins/metrics';

/** One service per module, built once in buildApp. */
export interface Services {
  /** The audit log of administrative actions: the services record them, admins read them. */
  audit: AuditService;
  /** A person's own data: the download of all of it, and deleting the account. */
  account: AccountService;
  auth: AuthService;
  /** The sessions a person sees in their profile and may end (one per sign-in on a device). */
  sessions: SessionsService;
  /** Busy mode: new online cafe orders paused by hand or by the queue. */
  busy: BusyService;
  /** Pickup screens: the links a site's staff make for a TV at the counter, and what a screen reads. */
  display: DisplayService;
  health: HealthService;
  /** Catching up on a site's live events after a reconnect (GET /live/missed). */
  live: LiveService;
  menu: MenuService;
  /** The notification outbox: what orders' moves tell their owners, in the channels they chose. */
  notifications: NotificationsService;
  /** Drink options: option groups, the items that carry them, sold-out per site, what orders chose. */
  options: OptionsService;
  orders: OrdersService;
  /** The one door to ordering: what a person may order here now, and placing it, for every channel. */
  ordering: OrderingService;
  /** Orders for later: each site's pickup settings and slots. */
  pickup: PickupService;
  /** Web Push: the browsers that subscribed, and the delivery to one (for the outbox). */
  push: PushService;
  /** How long personal data is kept: the daily clean-up, and what the privacy page says. */
  retention: RetentionService;
  /** Opening hours: the weekly schedule, closed days, and the changes they make on their own. */
  schedule: ScheduleService;
  settings: SettingsService;
  shopStatus: ShopStatusService;
  /** The company's cafes and bars, and which one a person or a barista acts on. */
  sites: SitesService;
  /** The Slack app: /coffee, the order's message kept in step, App Home, linking a Slack account. */
  slack: SlackService;
  /** What LINE and Teams share: links, what was seen of their deliveries, order messages, the settings page. */
  chat: ChatService;
  /** The LINE channel: its webhook, the order's messages, the LIFF page's sign-in. */
  line: LineService;
  /** The LIFF page's sign-in by a linked LINE account. */
  lineLiff: LineLiff;
  /** The Microsoft Teams bot: its messages and Adaptive Cards, kept in step. */
  teams: TeamsService;
  /** The Google Chat app: its events answered with cards v2, the order's message kept in step. */
  googleChat: GoogleChatService;
  /** Sign-in with the company's identity provider (OpenID Connect). */
  sso: SsoService;
  /** The usual drink kept on the server, and standing orders placed each day as orders for later. */
  standing: StandingService;
  stats: StatsService;
  uploads: UploadsService;
  users: UsersService;
}

/** What the services are built from: the app's infrastructure, no business rules. */
export interface AppBase {
  config: Config;
  db: Db;
  dialect: Dialect;
  clock: Clock;
  tokens: TokenSigner;
  events: LiveEvents;
  /** The pickup screens' live connections held by this process (realtime/display-channel.ts). */
  displays: DisplayChannel;
  /** Tells the other server processes what changed, for what they keep in memory. */
  bus: ClusterBus;
  log: FastifyBaseLogger;
  /** What /api/metrics counts beside the requests (plugins/metrics.ts). */
  metrics: AppMetrics;
  /** What happened, for the modules whose work follows it (lib/domain-events.ts). */
  domainEvents: DomainEvents;
}

/**
 * The app: its infrastructure and every service, built once in buildApp (services.ts). Services are
 * given the services they need when they are built; only the app itself (routes' registration,
 * start and stop, tests) reads `services`.
 */
export interface AppContext extends AppBase {
  services: Services;
}

export interface AuthUser {
  id: number;
  role: Role;
  name: string;
  email: string;
  /** The site the person chose to order at (null: none yet, the default site serves them). */
  homeSiteId: number | null;
  /** A password registration that has not confirmed its address yet (e-mail configured): it cannot order. */
  emailUnconfirmed?: boolean;
  /** No access token issued before this instant (ms) is taken: logout, disabling, a new password moved it. */
  tokensValidAfterMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    io: LiveServer;
  }
  interface FastifyRequest {
    /** The signed-in user, set by the auth plugin when a valid bearer token came with the request. */
    authUser: AuthUser | null;
  }
}
