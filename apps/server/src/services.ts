import type { AppBase, AppContext, Services } from './context';
import { createAccountService } from './modules/account/account.service';
import { createAuditService } from './modules/audit/audit.service';
import { createAuthService } from './modules/auth/auth.service';
import { createBusyService } from './modules/busy/busy.service';
import { createHealthService } from './modules/health/health.service';
import { createMenuService } from './modules/menu/menu.service';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createOptionsService } from './modules/options/options.service';
import { createOrdersService } from './modules/orders/orders.service';
import { createPickupService } from './modules/pickup/pickup.service';
import { createPushService } from './modules/push/push.service';
import { createRetentionService } from './modules/retention/retention.service';
import { createScheduleService } from './modules/schedule/schedule.service';
import { createSettingsService } from './modules/settings/settings.service';
import { createSsoService } from './modules/sso/sso.service';
import { createShopStatusService } from './modules/shop-status/shop-status.service';
import { createSitesService } from './modules/sites/sites.service';
import { createStatsService } from './modules/stats/stats.service';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createUsersService } from './modules/users/users.service';

/**
 * The app context with every service built once. A service reaches another through
 * `ctx.services` when it is called, not when it is built: so the order below does not matter, and
 * two modules may use each other (auth signs in the accounts of users; users ends the sessions
 * of auth when an account is disabled).
 */
export function createAppContext(base: AppBase): AppContext {
  const built: { services?: Services } = {};
  const ctx: AppContext = {
    ...base,
    get services(): Services {
      if (!built.services) throw new Error('A service used another while the services were still being built.');
      return built.services;
    },
  };
  built.services = {
    audit: createAuditService(ctx),
    account: createAccountService(ctx),
    auth: createAuthService(ctx),
    busy: createBusyService(ctx),
    health: createHealthService(ctx),
    menu: createMenuService(ctx),
    notifications: createNotificationsService(ctx),
    options: createOptionsService(ctx),
    orders: createOrdersService(ctx),
    pickup: createPickupService(ctx),
    push: createPushService(ctx),
    retention: createRetentionService(ctx),
    schedule: createScheduleService(ctx),
    settings: createSettingsService(ctx),
    shopStatus: createShopStatusService(ctx),
    sites: createSitesService(ctx),
    sso: createSsoService(ctx),
    stats: createStatsService(ctx),
    uploads: createUploadsService(ctx),
    users: createUsersService(ctx),
  };
  return ctx;
}
