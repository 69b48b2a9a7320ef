import type { Services } from '../../context';
import type { Conversation } from '../chat/conversation';

/** What the Teams bot asks of the rest of the app: the one conversation, and the chat module's seen activities and delivery errors. */
export interface TeamsPorts {
  conversation: Conversation;
  chat: Pick<Services['chat'], 'firstSeen' | 'deliveryFailed'>;
}
