import type { Services } from '../../context';
import type { Conversation } from '../chat/conversation';

/**
 * What the LINE channel asks of the rest of the app: the conversation (every step), and of the
 * chat module what is LINE's to do: seen deliveries, pushes counted, failures shown, the order's
 * message told once (guarded), and whether its link still names the LINE account it was sent to.
 */
export interface LinePorts {
  conversation: Conversation;
  chat: Pick<Services['chat'], 'firstSeen' | 'pushed' | 'deliveryFailed' | 'externalIdOf'>;
}
