import type { ChatChannelPorts } from '../../context';

/** What the LINE channel asks of the rest of the app: a chat channel's ports (context.ts). */
export type LinePorts = ChatChannelPorts;
