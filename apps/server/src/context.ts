import type { Role } from '@cafe/shared';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Dialect } from './db/connection';
import type { Database } from './db/types';
import type { Clock } from './lib/clock';
import type { TokenSigner } from './lib/tokens';
import type { Server } from 'socket.io';
import type { LiveEvents } from './realtime/events';
import type { PushService } from './modules/push/push.service';

/** What every module needs, built once in buildApp and handed to services. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  tokens: TokenSigner;
  events: LiveEvents;
  /** Web Push to the browsers of an order's owner. */
  push: PushService;
}

export interface AuthUser {
  id: number;
  role: Role;
  name: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    io: Server;
  }
  interface FastifyRequest {
    /** The signed-in user, set by the auth plugin when a valid bearer token came with the request. */
    authUser: AuthUser | null;
  }
}
