import type { ClientToServerEvents, ServerToClientEvents } from '@cafe/shared';
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { AuthUser } from '../context';
import { decodeToken } from '../lib/tokens';

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

/** Why a handshake was refused; the client reads it from `connect_error`'s `data.code`. */
export type HandshakeRefusal = 'TOKEN_EXPIRED' | 'TOKEN_INVALID';

/** The error a refused handshake gives the client: a readable message and a machine code. */
export class HandshakeError extends Error {
  readonly data: { code: HandshakeRefusal };
  constructor(code: HandshakeRefusal) {
    super(
      code === 'TOKEN_EXPIRED'
        ? 'The access token has expired: refresh it and connect again.'
        : 'The access token is not valid: sign in again.',
    );
    this.data = { code };
  }
}

/**
 * Expired or not valid: the token was already refused, this only tells the client which. A token
 * whose `exp` has passed is expired (even if something else is wrong with it, refreshing is the
 * client's right next step either way).
 */
function refusalFor(token: string, now: Date): HandshakeRefusal {
  try {
    const { exp } = decodeToken(token);
    if (typeof exp === 'number' && exp * 1000 <= now.getTime()) return 'TOKEN_EXPIRED';
  } catch {
    // not a JWT at all
  }
  return 'TOKEN_INVALID';
}

/**
 * A client with a valid token joins its own room and, for baristas and admins, the staff room; a
 * client without a token gets public events only. A client that presents a token the server does
 * not accept (expired, bad, or of an account no longer active) is refused, never let in as
 * anonymous: it would miss its events without knowing. A token that expires while connected
 * changes nothing until the connection ends; the next handshake needs a fresh one.
 */
export function admitSockets(
  io: LiveServer,
  userForToken: (token: string | null) => Promise<AuthUser | null>,
  now: () => Date = () => new Date(),
): void {
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = typeof auth?.token === 'string' && auth.token !== '' ? auth.token : null;
    userForToken(token)
      .then(async (user) => {
        if (!user) {
          next(token === null ? undefined : new HandshakeError(refusalFor(token, now())));
          return;
        }
        await socket.join(ROOMS.user(user.id));
        if (user.role === 'barista' || user.role === 'admin') await socket.join(ROOMS.staff);
        next();
      })
      .catch((error: unknown) => next(error instanceof Error ? error : new Error('socket auth failed')));
  });
}
