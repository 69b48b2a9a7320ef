import type { ClientToServerEvents, ServerToClientEvents } from '@cafe/shared';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { AuthUser } from '../context';

const SOCKET_PATH = '/api/socket.io';

/**
 * Rooms of the live channel: per site, everyone looking at it (`site`), its board (`staff`: its
 * baristas and admins looking at it) and the people with an order waiting in one of its lines
 * (`waiting`: the `queue` event's audience, one room name instead of a name per person); one per
 * signed-in user.
 */
export const ROOMS = {
  site: (siteId: number) => `site:${siteId}`,
  staff: (siteId: number) => `staff:${siteId}`,
  waiting: (siteId: number) => `waiting:${siteId}`,
  user: (id: number) => `user:${id}`,
} as const;

/** Which site a live connection follows, and whether it gets that site's board. */
export interface LiveSite {
  siteId: number;
  board: boolean;
}

/** The Socket.IO server, typed from the shared map of live events: only its events can be sent. */
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents>;

/**
 * Whether a handshake (a polling request or a WebSocket upgrade) may go on, by its `Origin`: a
 * browser always sends one, so a page of another site cannot open the live channel with the
 * person's browser (ASVS 4.4.2; a WebSocket is not bound by CORS). Allowed: no `Origin` at all (a
 * client that is not a browser: it holds its own token anyway), the host the request was sent to
 * (the web app is served by this server, or proxied with its Host kept), and `PUBLIC_URL`'s origin.
 */
export function sameOrigin(request: Pick<IncomingMessage, 'headers'>, publicOrigin: string | null): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (publicOrigin !== null && origin === publicOrigin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** The live channel on the app's HTTP server; no one joins a room until `admitSockets` runs. */
export function createSocketServer(server: HttpServer, publicUrl?: string): LiveServer {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : null;
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(server, {
    path: SOCKET_PATH,
    serveClient: false,
    cors: { origin: false },
    // Polling requests and upgrades both pass here; a refused one is a 403 (polling) or 400 (upgrade).
    allowRequest: (request, callback) => {
      callback(null, sameOrigin(request, publicOrigin));
    },
  });
  // Each connection would keep its first HTTP request (headers and all) for as long as it lasts:
  // nothing here reads it after the handshake's origin check, so it goes (Socket.IO's "Memory
  // usage" advice). The handshake's `auth` comes with the connect packet and stays.
  io.engine.on('connection', (connection: { request: IncomingMessage | null }) => {
    connection.request = null;
  });
  return io;
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

/** Why a handshake failed on the server's side: its database away, or anything else unexpected. */
export type HandshakeFailure = 'UNAVAILABLE' | 'INTERNAL';

/**
 * A handshake the server could not finish (decision 0082): a readable message and a machine code,
 * never the exception's own words (which a connection would otherwise be sent).
 */
export class HandshakeFailedError extends Error {
  readonly data: { code: HandshakeFailure };
  constructor(code: HandshakeFailure) {
    super(
      code === 'UNAVAILABLE'
        ? 'The live channel is briefly unavailable (its database cannot be reached). Please try again shortly.'
        : 'The live channel could not be opened. Please try again shortly.',
    );
    this.data = { code };
  }
}

/** Who a handshake's token stands for (null: no token, a visitor), or why the token is refused. */
export type Identified = { user: AuthUser | null } | { refusal: HandshakeRefusal };

/**
 * A client with a valid token joins its own room, and the `waiting` room of each site where the
 * person has an order waiting in line (`waitingAt`; an order placed later joins it then); every
 * client joins the room of the site it
 * follows (`siteId` of the handshake's auth when it names a site the client may see, else the
 * person's home site), and baristas and admins also that site's board. A client without a token
 * gets public events only. A client that presents a token the server does
 * not accept (expired, bad, or of an account no longer active) is refused, never let in as
 * anonymous: it would miss its events without knowing. A token that expires while connected
 * changes nothing until the connection ends; the next handshake needs a fresh one.
 */
export function admitSockets(
  io: LiveServer,
  identify: (token: string | null) => Promise<Identified>,
  siteFor: (user: AuthUser | null, requested: number | undefined) => Promise<LiveSite>,
  waitingAt: (user: AuthUser) => Promise<readonly number[]> = async () => [],
  /** What the client is told when the handshake fails unexpectedly (the caller logs it). */
  failed: (error: unknown) => Error = (error) => (error instanceof Error ? error : new Error('socket auth failed')),
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
    identify(token)
      .then(async (identified) => {
        if ('refusal' in identified) {
          next(new HandshakeError(identified.refusal));
          return;
        }
        const { user } = identified;
        const [site, waiting] = await Promise.all([siteFor(user, requested), user ? waitingAt(user) : []]);
        const rooms = [ROOMS.site(site.siteId)];
        if (user) rooms.push(ROOMS.user(user.id), ...waiting.map((siteId) => ROOMS.waiting(siteId)));
        if (site.board) rooms.push(ROOMS.staff(site.siteId));
        await socket.join(rooms);
        next();
      })
      .catch((error: unknown) => next(failed(error)));
  });
}
