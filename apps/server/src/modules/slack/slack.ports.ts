import type {
  Category,
  DietTag,
  DrinkChoice,
  NotificationLanguage,
  Order,
  OrderCreateBody,
  OwnerOrderPatchBody,
  SlotList,
  StandingOrder,
  StandingOrderCreateBody,
} from '@cafe/shared';
import type { AuthUser } from '../../context';

/**
 * What the Slack app asks of the rest of the app, wired in services.ts. The app is one more way in
 * for a person, as the web form is: it asks the same services the web's routes ask (placing through
 * the orders' one placement decision, the owner's cancel and pickup, the menu of the person's site
 * with its options, the pickup slots), never their repositories. Declared here, narrowly, so that
 * the module depends on what it uses rather than on whole modules.
 */
export interface SlackPorts {
  orders: {
    place(user: AuthUser, body: OrderCreateBody, idempotencyKey?: string): Promise<{ order: Order; replayed: boolean }>;
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
  };
  /** The person's notification language (their messages, Slack's too). */
  language(user: AuthUser): Promise<NotificationLanguage>;
  /** The person's site: their home site, or the default one (the web's). */
  siteOf(user: AuthUser): Promise<{ id: number; name: string; timeZone: string }>;
  /** The cafe menu of a site as GET /category lists it: items, their state there, their option groups. */
  cafeMenu(siteId: number): Promise<Category[]>;
  /** The pickup slots of a site's cafe today (GET /sites/{siteId}/slots). */
  slots(siteId: number): Promise<SlotList>;
  /** The usual and standing orders (docs/standing-orders.md): what GET/PUT /me/usual and /standing-orders ask. */
  standing: {
    /** The person's usual (saved, else their last picked-up cafe drink), or null. */
    usual(userId: number): Promise<DrinkChoice | null>;
    list(userId: number): Promise<StandingOrder[]>;
    create(user: AuthUser, body: StandingOrderCreateBody): Promise<StandingOrder>;
    pause(user: AuthUser, id: number): Promise<StandingOrder>;
    resume(user: AuthUser, id: number): Promise<StandingOrder>;
    skipNext(user: AuthUser, id: number): Promise<StandingOrder>;
  };
  /** What the person avoids (GET /user/me's `avoids`, docs/allergens.md). */
  avoids(userId: number): Promise<DietTag[]>;
}
