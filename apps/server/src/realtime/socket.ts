import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { resolveUser } from '../plugins/auth';
import { ROOMS } from './events';

export const SOCKET_PATH = '/api/socket.io';

/**
 * Socket.IO on the same HTTP server. A client with a valid token joins its own room and, for
 * baristas and admins, the staff room; a client without one gets public events only.
 */
export function createSocketServer(app: FastifyInstance): Server {
  const io = new Server(app.server, { path: SOCKET_PATH, serveClient: false, cors: { origin: false } });
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = typeof auth?.token === 'string' ? auth.token : null;
    resolveUser(app, token)
      .then(async (user) => {
        if (user) {
          await socket.join(ROOMS.user(user.id));
          if (user.role === 'barista' || user.role === 'admin') await socket.join(ROOMS.staff);
          (socket.data as { userId?: number }).userId = user.id;
        }
        next();
      })
      .catch((error: unknown) => next(error instanceof Error ? error : new Error('socket auth failed')));
  });
  return io;
}
