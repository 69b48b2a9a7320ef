import type { Services } from '../../context';

/** What the chat channels' common part asks of the rest of the app, wired in services.ts. */
export interface ChatPorts {
  users: Pick<Services['users'], 'findActive' | 'findActiveByEmail'>;
  /** People with a Slack account linked now (the Slack app keeps its own links, migration 022). */
  slackLinked(): Promise<number>;
}
