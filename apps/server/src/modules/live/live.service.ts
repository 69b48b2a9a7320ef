import type { LiveMissed } from '@cafe/shared';
import { peopleText } from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { forbidden } from '../../lib/errors';
import { createLiveLog } from '../../realtime/live-log';
import { ROOMS } from '../../realtime/socket';
import type { SitesService } from '../sites/sites.service';

export type LiveService = ReturnType<typeof createLiveService>;

/**
 * Catching up on live events (docs/api/live-events.md, "Never missed, never twice"): what a client
 * missed of a site while it was away, as it would have received it live.
 */
export function createLiveService(base: AppBase, deps: { sites: SitesService }) {
  const log = createLiveLog(base.db, () => base.clock.now(), base.dialect);
  return {
    /**
     * GET /live/missed. Who may read a site's events again is who may follow it live: the one
     * decision of the live channel (sites.liveSite, which admitSockets asks at every handshake).
     * A connection asking for a site it may not follow is given another one; here that is a 403.
     */
    async missed(user: AuthUser | null, siteId: number, after: number): Promise<LiveMissed> {
      // An unknown site is a 404, as on every other route that names one.
      await deps.sites.find(siteId);
      const site = await deps.sites.liveSite(user, siteId);
      if (site.siteId !== siteId)
        throw forbidden('You cannot follow the live events of this site.', peopleText('people.live.notThisSite'));
      // The rooms a connection of this caller joins (realtime/socket.ts admitSockets).
      const rooms = new Set([ROOMS.site(siteId)]);
      // The site's waiting room too: its `queue` events say nothing of anyone, and change nothing
      // for a person without an order in its lines.
      if (user) rooms.add(ROOMS.user(user.id)).add(ROOMS.waiting(siteId));
      if (site.board) rooms.add(ROOMS.staff(siteId));
      return log.missed(siteId, after, rooms);
    },
  };
}
