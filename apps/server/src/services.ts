import type { AppBase, AppContext, AuthUser, Services } from './context';
import { chatPace } from './lib/pace';
import { createSlackClient } from './lib/slack-client';
import { createAccountService } from './modules/account/account.service';
import { createAuditService } from './modules/audit/audit.service';
import { createAuthService } from './modules/auth/auth.service';
import { createBusyService } from './modules/busy/busy.service';
import { createDisplayService } from './modules/display/display.service';
import { createHealthService } from './modules/health/health.service';
import { createLiveService } from './modules/live/live.service';
import { createMenuService, type MenuService } from './modules/menu/menu.service';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createOptionsService } from './modules/options/options.service';
import { createOrderingService } from './modules/ordering/ordering.service';
import { createOrdersService, type OrdersService } from './modules/orders/orders.service';
import { createPickupService } from './modules/pickup/pickup.service';
import { createPushService } from './modules/notifications/push.service';
import { createRetentionService } from './modules/retention/retention.service';
import { createScheduleService } from './modules/schedule/schedule.service';
import { createSettingsService } from './modules/settings/settings.service';
import { createSsoService } from './modules/auth/sso.service';
import { createSessionsService } from './modules/auth/sessions.service';
import { createShopStatusService } from './modules/sites/shop-status.service';
import { createSitesService } from './modules/sites/sites.service';
import { SLACK_INFO, createSlackService } from './modules/slack/slack.service';
import { createChatService } from './modules/chat/chat.service';
import { createConversation } from './modules/chat/conversation';
import { LINE_INFO, createLineService } from './modules/line/line.service';
import { createLineLiff } from './modules/line/line.liff';
import { TEAMS_INFO, createTeamsService } from './modules/teams/teams.service';
import { GOOGLE_CHAT_INFO, createGoogleChatService } from './modules/google-chat/google-chat.service';
import { createStandingService } from './modules/standing/standing.service';
import { createStatsService } from './modules/stats/stats.service';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createUsersService } from './modules/users/users.service';

/**
 * The composition root: every service built once, each given the services it declares it needs
 * (docs/decisions/0045-one-core.md). They are built in dependency order, lowest first; no module
 * reaches another except through what it is given here, and the server's module graph has no
 * cycle (lint: scripts/check-server-modules.mjs). What follows a change reaches the modules
 * that care through the domain events (lib/domain-events.ts), which they subscribe to as they are
 * built; the two ports below (the menu's items for the options, the line's ready time for the slots)
 * are the only callbacks.
 */
export function createAppContext(base: AppBase): AppContext {
  const sites = createSitesService(base);
  const audit = createAuditService(base);
  const uploads = createUploadsService(base);
  const retention = createRetentionService(base);
  const push = createPushService(base);
  // One Slack Web API client for the bot token: the notifications' Slack channel and the Slack app.
  // Paced with one budget for the deployment (every process: lib/pace.ts), as Slack counts per app.
  const slackClient = base.config.notifications.slack
    ? createSlackClient(base.config.notifications.slack, undefined, chatPace(base))
    : null;
  const notifications = createNotificationsService(base, { push, slack: slackClient });
  const users = createUsersService(base, { sites });
  const auth = createAuthService(base, { users, notifications, sites });
  const sso = createSsoService(base, { auth });
  const shopStatus = createShopStatusService(base, { sites });
  const schedule = createScheduleService(base, { sites, shopStatus });
  // The slots tell when a drink would really be ready, which the orders' queue knows.
  const ordersPort: { orders?: OrdersService } = {};
  const pickup = createPickupService(base, {
    sites,
    schedule,
    readyNow: (siteId, venue) => (ordersPort.orders as OrdersService).readyIfJoinedNow(siteId, venue),
  });
  // The options ask the menu whether an item exists; the menu shows each item's options.
  const menuPort: { menu?: MenuService } = {};
  const options = createOptionsService(base, {
    requireItem: (itemId) => (menuPort.menu as MenuService).getMenu(itemId),
  });
  const menu = (menuPort.menu = createMenuService(base, { options }));
  const orders = (ordersPort.orders = createOrdersService(base, { sites, options, pickup, users }));
  const ordering = createOrderingService(base, { orders, sites, menu, options, pickup, users, uploads });
  const busy = createBusyService(base, { sites, orders });
  const standing = createStandingService(base, { ordering, users, sites });
  // The chats are ways in for a person, transport only: they ask the door; what they share (links,
  // deliveries seen, order messages) is the chat module's.
  const chat = createChatService(base, {
    users,
    channels: { slack: SLACK_INFO, line: LINE_INFO, teams: TEAMS_INFO, 'google-chat': GOOGLE_CHAT_INFO },
  });
  // Every step a person takes in a chat, written once; each channel is its adapter (decision 0107).
  const conversation = createConversation(base, {
    ordering,
    orders,
    users,
    standing,
    chat,
    language: async (user: AuthUser) => (await notifications.settings(user)).language,
    siteOf: (user: AuthUser) => sites.forOrder(user),
    slots: (siteId: number) => pickup.slots(siteId, 'cafe'),
  });
  const slack = createSlackService(base, {
    conversation,
    orders,
    users,
    standing,
    chat,
    siteOf: (user) => sites.forOrder(user),
    standingTimes: (siteId) => pickup.standingTimes(siteId, 'cafe'),
    client: slackClient,
  });
  const line = createLineService(base, { conversation, chat });
  const lineLiff = createLineLiff(base, {
    chat,
    signIn: (user, device) => auth.signInByChatLink(user, 'line', device),
  });
  const teams = createTeamsService(base, { conversation, chat });
  const googleChat = createGoogleChatService(base, { conversation, chat });
  const services: Services = {
    audit,
    account: createAccountService(base, { users, notifications, audit }),
    auth,
    busy,
    display: createDisplayService(base, { sites, orders }),
    health: createHealthService(base),
    live: createLiveService(base, { sites }),
    menu,
    notifications,
    options,
    orders,
    ordering,
    pickup,
    push,
    retention,
    schedule,
    settings: createSettingsService(base, { sites }),
    shopStatus,
    sites,
    slack,
    chat,
    line,
    lineLiff,
    teams,
    googleChat,
    sso,
    sessions: createSessionsService(base, { users }),
    standing,
    stats: createStatsService(base, { sites }),
    uploads,
    users,
  };
  return { ...base, services };
}
