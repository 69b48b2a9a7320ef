import type { ClientToServerEvents, ServerToClientEvents } from '@cafe/shared';
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { AuthUser } from '../context';
import { decodeToken } from '../lib/tokens';

const SOCKET_PATH = '/api/socket.io';

/**
 * Rooms of the live channel: per site, everyone looking at it (`site`) and its board (`staff`:
 * its baristas and admins looking at it); one per signed-in user.
 */
export const ROOMS = {
  site: (siteId: number) => `site:${siteId}`,
  staff: (siteId: number) => `staff:${siteId}`,
  user: (id: number) => `user:${id}`,
} as const;

/** Which site a live connection follows, and whether it gets that site's board. */
export interface LiveSite {
  siteId: number;
  board: boolean;
}

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
 * A client with a valid token joins its own room; every client joins the room of the site it
 * follows (`siteId` of the handshake's auth when it names a site the client may see, else the
 * person's home site), and baristas and admins also that site's board. A client without a token
 * gets public events only. A client that presents a token the server does
 * not accept (expired, bad, or of an account no longer active) is refused, never let in as
 * anonymous: it would miss its events without knowing. A token that expires while connected
 * changes nothing until the connection ends; the next handshake needs a fresh one.
 */
export function admitSockets(
  io: LiveServer,
  userForToken: (token: string | null) => Promise<AuthUser | null>,
  siteFor: (user: AuthUser | null, requested: number | undefined) => Promise<LiveSite>,
  now: () => Date = () => new Date(),
): void {
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown; siteId?: unknown } | undefined;
    // No token (absent, null or empty) is a visitor; a token of any other type is not one the server accepts.
    if (auth?.token !== undefined && auth.token !== null && typeof auth.token !== 'string') {
      next(new HandshakeError('TOKEN_INVALID'));
      return;
    }
    const token = typeof auth?.token === 'string' && auth.token !== '' ? auth.token : null;
    const requested =
      typeof auth?.siteId === 'number' && Number.isInteger(auth.siteId) && auth.siteId > 0 ? auth.siteId : undefined;
    userForToken(token)
      .then(async (user) => {
        if (!user && token !== null) {
          next(new HandshakeError(refusalFor(token, now())));
          return;
        }
        const site = await siteFor(user, requested);
        const rooms = [ROOMS.site(site.siteId)];
        if (user) rooms.push(ROOMS.user(user.id));
        if (site.board) rooms.push(ROOMS.staff(site.siteId));
        await socket.join(rooms);
        next();
      })
      .catch((error: unknown) => next(error instanceof Error ? error : new Error('socket auth failed')));
  });
}
