import type { NotificationLanguage, SlotList } from '@cafe/shared';
import type { AuthUser, Services } from '../../context';

/**
 * What the LINE channel asks of the rest of the app, wired in services.ts: the ordering door
 * (`menuFor`, `place`, the usual), the owner's moves of an order, the person, the chat channels'
 * common part (links, what was seen, order messages, the channel's state). LINE verifies, maps and renders; it decides nothing.
 */
export interface LinePorts {
  ordering: Pick<Services['ordering'], 'menuFor' | 'place' | 'usual'>;
  orders: Pick<Services['orders'], 'ownerUpdate' | 'get' | 'recentTumblerOf'>;
  users: Pick<Services['users'], 'findActive' | 'avoidsOf'>;
  chat: Services['chat'];
  /** Their notification language: their LINE messages' too. */
  language(user: AuthUser): Promise<NotificationLanguage>;
  /** The person's site: their home site, or the default one (the web's). */
  siteOf(user: AuthUser): ReturnType<Services['sites']['forOrder']>;
  slots(siteId: number): Promise<SlotList>;
}
