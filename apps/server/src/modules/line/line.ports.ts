import type { ChatChannelPorts, Services } from '../../context';

/** What the LINE channel asks of the rest of the app: a chat channel's ports (context.ts), and the open coffee runs. */
export type LinePorts = ChatChannelPorts & { ordering: Pick<Services['ordering'], 'runs'> };
