import { HOURS, type PublicSettings } from '@cafe/shared';
import type { AppContext } from '../../context';

/** The deployment settings the web app reads at start-up instead of having them built in. */
export function createSettingsService(ctx: AppContext) {
  const { config } = ctx;

  return {
    /** The cafe fields are the first site's, as before sites: GET /sites has every site's. */
    async publicSettings(): Promise<PublicSettings> {
      const site = await ctx.services.sites.defaultSite();
      return {
        companyEmailDomain: config.companyEmailDomain,
        cafeTimeZone: site.timeZone,
        cafe: { latitude: site.latitude, longitude: site.longitude },
        orderRadiusKm: site.radiusKm,
        locationCheck: config.locationCheck,
        barOnlineOrdering: config.barOnlineOrdering,
        hours: HOURS,
        webPushPublicKey: ctx.services.push.publicKey().publicKey || null,
        singleSignOn: ctx.services.sso.publicSettings(),
        emailConfirmation: config.notifications.email !== null,
      };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
