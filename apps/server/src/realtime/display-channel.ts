import { DISPLAY_NAMESPACE, type DisplayServerToClientEvents, type PickupBoard } from '@cafe/shared';
import type { Namespace } from 'socket.io';
import type { LiveServer } from './socket';

/** Why a screen's handshake was refused; the client reads it from `connect_error`'s `data.code`. */
export class DisplayRefused extends Error {
  readonly data = { code: 'DISPLAY_NOT_FOUND' as const };
  constructor() {
    super('This pickup screen link was revoked or does not exist.');
  }
}

/** The link a token opens: which one, and the one site it shows. */
export interface DisplayScreen {
  displayId: number;
  siteId: number;
}

const ROOMS = {
  board: (siteId: number) => `pickup:${siteId}`,
  link: (displayId: number) => `display:${displayId}`,
};

/**
 * The pickup screens' live channel (docs/decisions/0048-pickup-screen.md): a Socket.IO namespace
 * of its own, so a screen, which signs nobody in, never joins a room of the main channel and
 * never hears an `orders` event with a person's whole order. Everything here acts on this
 * process's connections only: the display module tells every process through the cluster bus, and
 * each sends to the screens it holds.
 */
export interface DisplayChannel {
  /** Lets a connection in when `screenFor` knows its handshake's token; else refuses it. */
  admit(screenFor: (token: string) => Promise<DisplayScreen | null>): void;
  /** The sites whose screens this process holds. */
  watchedSites(): number[];
  /** Sends a site's board to the screens of it this process holds. */
  sendBoard(siteId: number, board: PickupBoard): void;
  /** Tells the screens of a link this process holds that it was revoked, and closes them. */
  cutOff(displayId: number): void;
}

export function createDisplayChannel(io: LiveServer): DisplayChannel {
  // The main channel's typed map does not hold the screens' events: this namespace has its own.
  const screens = io.of(DISPLAY_NAMESPACE) as unknown as Namespace<Record<string, never>, DisplayServerToClientEvents>;
  return {
    admit(screenFor) {
      screens.use((socket, next) => {
        const auth = socket.handshake.auth as { token?: unknown } | undefined;
        const token = typeof auth?.token === 'string' ? auth.token : '';
        screenFor(token)
          .then(async (screen) => {
            if (!screen) {
              next(new DisplayRefused());
              return;
            }
            await socket.join([ROOMS.board(screen.siteId), ROOMS.link(screen.displayId)]);
            next();
          })
          .catch((error: unknown) => next(error instanceof Error ? error : new Error('display auth failed')));
      });
    },
    watchedSites() {
      const sites: number[] = [];
      for (const [room, members] of screens.adapter.rooms) {
        const match = /^pickup:(\d+)$/.exec(room);
        if (match && members.size > 0) sites.push(Number(match[1]));
      }
      return sites;
    },
    sendBoard(siteId, board) {
      screens.local.to(ROOMS.board(siteId)).emit('pickup-board', board);
    },
    cutOff(displayId) {
      screens.local.to(ROOMS.link(displayId)).emit('display-revoked', {});
      screens.local.in(ROOMS.link(displayId)).disconnectSockets(true);
    },
  };
}
