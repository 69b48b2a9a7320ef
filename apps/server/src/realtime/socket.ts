import type { ClientToServerEvents, ServerToClientEvents } from '@cafe/shared';
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { AuthUser } from '../context';

const SOCKET_PATH = '/api/socket.io';

/** Rooms of the live channel: staff (baristas and admins) and one per signed-in user. */
export const ROOMS = {
  staff: 'staff',
  user: (id: number) => `user:${id}`,
} as const;

/** The Socket.IO server, typed from the shared map of live events: only its events can be sent. */
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents>;

/** The live channel on the app's HTTP server; no one joins a room until `admitSockets` runs. */
export function createSocketServer(server: HttpServer): LiveServer {
  return new Server<ClientToServerEvents, ServerToClientEvents>(server, {
    path: SOCKET_PATH,
    serveClient: false,
    cors: { origin: false },
  });
}

/**
 * A client with a valid token joins its own room and, for baristas and admins, the staff room; a
 * client without one gets public events only.
 */
export function admitSockets(io: LiveServer, userForToken: (token: string | null) => Promise<AuthUser | null>): void {
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = typeof auth?.token === 'string' ? auth.token : null;
    userForToken(token)
      .then(async (user) => {
        if (user) {
          await socket.join(ROOMS.user(user.id));
          if (user.role === 'barista' || user.role === 'admin') await socket.join(ROOMS.staff);
        }
        next();
      })
      .catch((error: unknown) => next(error instanceof Error ? error : new Error('socket auth failed')));
  });
}
