import { HOURS, type PublicSettings } from '@cafe/shared';
import type { AppBase } from '../../context';
import type { SitesService } from '../sites/sites.service';

/** The deployment settings the web app reads at start-up instead of having them built in. */
export function createSettingsService(ctx: AppBase, deps: { sites: SitesService }) {
  const { config } = ctx;

  return {
    /** The cafe fields are the first site's, as before sites: GET /sites has every site's. */
    async publicSettings(): Promise<PublicSettings> {
      const site = await deps.sites.defaultSite();
      return {
        companyEmailDomain: config.companyEmailDomain,
        cafeTimeZone: site.timeZone,
        cafe: { latitude: site.latitude, longitude: site.longitude },
        orderRadiusKm: site.radiusKm,
        locationCheck: config.locationCheck,
        barOnlineOrdering: config.barOnlineOrdering,
        demo: config.demo,
        hours: HOURS,
        webPushPublicKey: config.vapid.publicKey || null,
        // The company's identity provider, by the name the sign-in button shows.
        singleSignOn: config.singleSignOn ? { name: config.singleSignOn.name } : null,
        emailConfirmation: config.notifications.email !== null,
        passwordReset: config.notifications.email !== null,
      };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
