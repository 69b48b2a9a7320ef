import type { ChatChannelPorts } from '../../context';

/** What the Teams bot asks of the rest of the app: a chat channel's ports (context.ts). */
export type TeamsPorts = ChatChannelPorts;
