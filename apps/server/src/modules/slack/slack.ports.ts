import type { NotificationLanguage, SlotList } from '@cafe/shared';
import type { AuthUser, Services } from '../../context';
import type { SlackClient } from '../../lib/slack-client';

/**
 * What the Slack app asks of the rest of the app, wired in services.ts: the ordering door
 * (`menuFor`, `place`, the usual, the open coffee runs), the owner's moves of an order, the person,
 * the standing service. Slack verifies, maps and renders; it decides nothing. The services' own
 * types, picked from the composition root's map, so the module imports no other module.
 */
export interface SlackPorts {
  ordering: Pick<Services['ordering'], 'menuFor' | 'place' | 'usual' | 'runs'>;
  orders: Pick<Services['orders'], 'ownerUpdate' | 'get' | 'history' | 'recentTumblerOf' | 'myQueueAnswer'>;
  users: Pick<Services['users'], 'findActive' | 'findActiveByEmail' | 'avoidsOf'>;
  standing: Pick<Services['standing'], 'list' | 'create' | 'update'>;
  /** Their notification language: their Slack messages' too. */
  language(user: AuthUser): Promise<NotificationLanguage>;
  /** The person's site: their home site, or the default one (the web's). */
  siteOf(user: AuthUser): ReturnType<Services['sites']['forOrder']>;
  slots(siteId: number): Promise<SlotList>;
  /** The times a standing order may have: those that start a cafe slot of the site in the coming week. */
  standingTimes(siteId: number): Promise<string[]>;
  /** The server's one Slack client (lib/slack-client.ts), shared with the notifications. */
  client: SlackClient | null;
}
