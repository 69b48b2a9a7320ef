import type { ChatChannelPorts, Services } from '../../context';

/** What the Teams bot asks of the rest of the app: a chat channel's ports (context.ts), and the open coffee runs. */
export type TeamsPorts = ChatChannelPorts & { ordering: Pick<Services['ordering'], 'runs'> };
