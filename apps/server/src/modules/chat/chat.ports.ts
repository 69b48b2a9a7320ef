import type { PeopleText } from '@cafe/shared';
import type { Config } from '../../config';
import type { Services } from '../../context';
import type { ChatChannel } from '../../db/types';

/**
 * What the chat module knows of a channel, from its adapter (its folder's `<CHANNEL>_INFO`, listed in
 * services.ts): adding a chat adds one of these, not a row in each of the module's tables.
 */
export interface ChatChannelInfo {
  /** The channel while it is not configured: its 404's name, and the words a person reads. */
  notFound: { name: string; text: PeopleText };
  /**
   * Its part of the people catalogue (`people.<words>.*`): what a person not (or no longer) linked
   * is told is `people.<words>.link.notLinked`, `.revoked` and `.accountGone`.
   */
  words: string;
  /** Its configuration, as loaded (null: the channel is off). */
  configOf(config: Config): unknown;
  /** Its settings on the admins' page: each one set or not, and whether its value is a secret. */
  settings(config: Config): { name: string; set: boolean; secret: boolean }[];
}

/** What the chat channels' common part asks of the rest of the app, wired in services.ts. */
export interface ChatPorts {
  users: Pick<Services['users'], 'findActive' | 'findActiveByEmail'>;
  /** Every channel's adapter's part (CHAT_CHANNELS). */
  channels: Record<ChatChannel, ChatChannelInfo>;
}
