import type { AuthUser, Services } from '../../context';
import type { SlackClient } from '../../lib/slack-client';
import type { Conversation } from '../chat/conversation';

/**
 * What the Slack app asks of the rest of the app, wired in services.ts: the one conversation
 * (modules/chat/conversation.ts) for every step a person takes, and what only Slack shows: the App
 * Home's orders of today, the standing orders' modal and buttons. Slack verifies, maps and renders;
 * it decides nothing. The services' own types, picked from the composition root's map, so the
 * module imports no other module's code.
 */
export interface SlackPorts {
  conversation: Conversation;
  orders: Pick<Services['orders'], 'myQueueAnswer' | 'get'>;
  users: Pick<Services['users'], 'findActive'>;
  standing: Pick<Services['standing'], 'create' | 'update'>;
  chat: Pick<Services['chat'], 'firstSeen' | 'messageOf' | 'replaceMessage'>;
  /** The person's site: their home site, or the default one (the web's). */
  siteOf(user: AuthUser): ReturnType<Services['sites']['forOrder']>;
  /** The times a standing order may have: those that start a cafe slot of the site in the coming week. */
  standingTimes(siteId: number): Promise<string[]>;
  /** The server's one Slack client (lib/slack-client.ts), shared with the notifications. */
  client: SlackClient | null;
}
