import type { Services } from '../../context';

/** What the chat channels' common part asks of the rest of the app, wired in services.ts. */
export interface ChatPorts {
  users: Pick<Services['users'], 'findActive' | 'findActiveByEmail'>;
}
