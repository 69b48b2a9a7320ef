import type { DietTag, DrinkChoice, MenuEntry, NotificationLanguage, Order, OrderCreateBody } from '@cafe/shared';
import type { OwnerOrderPatchBody, SlotList, StandingOrder, StandingOrderCreateBody } from '@cafe/shared';
import type { SlackClient } from '../../lib/slack-client';
import type { AuthUser } from '../../context';

/**
 * What the Slack app asks of the rest of the app, wired in services.ts. Slack is transport: what a
 * person may order and placing it are the ordering door's (`menuFor`, `place`, the usual), moving
 * an order its owner's moves, standing orders the standing service's; Slack verifies, maps and
 * renders. Declared here, narrowly and by shape, so the module names no other module.
 */
export interface SlackPorts {
  ordering: {
    menuFor(user: AuthUser, venue: 'cafe', siteId?: number): Promise<MenuEntry[]>;
    place(
      user: AuthUser,
      body: OrderCreateBody,
      channel: 'slack',
      key?: string,
    ): Promise<{ order: Order; replayed: boolean }>;
    usual: { usualOf(userId: number): Promise<DrinkChoice | null> };
  };
  orders: {
    ownerUpdate(user: AuthUser, id: number, body: OwnerOrderPatchBody): Promise<Order>;
    get(user: AuthUser, id: number): Promise<Order>;
    history(userId: number, range: { startDate?: string; endDate?: string }): Promise<Order[]>;
    /** The tumbler photo of the person's most recent cafe order (the specification's "recent" mode). */
    recentTumblerOf(userId: number): Promise<string | null>;
    /** GET /order/my-queue's JSON: today's orders with their queue place. */
    myQueueAnswer(user: AuthUser): Promise<{ json: string }>;
  };
  users: {
    findActive(userId: number): Promise<AuthUser | undefined>;
    findActiveByEmail(email: string): Promise<AuthUser | undefined>;
    /** What the person avoids (docs/allergens.md): the modal asks about it, the usual is marked. */
    avoidsOf(userId: number): Promise<DietTag[]>;
  };
  standing: {
    list(userId: number): Promise<StandingOrder[]>;
    create(user: AuthUser, body: StandingOrderCreateBody, key?: string): Promise<{ standing: StandingOrder }>;
    pause(user: AuthUser, id: number): Promise<StandingOrder>;
    resume(user: AuthUser, id: number): Promise<StandingOrder>;
    skipNext(user: AuthUser, id: number): Promise<StandingOrder>;
  };
  /** The person's notification language (their messages, Slack's too). */
  language(user: AuthUser): Promise<NotificationLanguage>;
  /** The person's site: their home site, or the default one (the web's). */
  siteOf(user: AuthUser): Promise<{ id: number; name: string; timeZone: string }>;
  /** The pickup slots of a site's cafe now (GET /sites/{siteId}/slots). */
  slots(siteId: number): Promise<SlotList>;
  /** The clock times that start a cafe slot of the site in the coming week: a standing order's times. */
  standingTimes(siteId: number): Promise<string[]>;
  /** The server's one Slack Web API client (lib/slack-client.ts), shared with the notifications. */
  client: SlackClient | null;
}
