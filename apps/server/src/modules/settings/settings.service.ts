import { HOURS, type PublicSettings } from '@cafe/shared';
import type { AppContext } from '../../context';

/** The deployment settings the web app reads at start-up instead of having them built in. */
export function createSettingsService(ctx: AppContext) {
  const { config } = ctx;

  return {
    publicSettings(): PublicSettings {
      return {
        companyEmailDomain: config.companyEmailDomain,
        cafeTimeZone: config.cafeTimezone,
        cafe: { latitude: config.cafeLat, longitude: config.cafeLng },
        orderRadiusKm: config.orderRadiusKm,
        locationCheck: config.locationCheck,
        barOnlineOrdering: config.barOnlineOrdering,
        hours: HOURS,
        webPushPublicKey: ctx.services.push.publicKey().publicKey || null,
        singleSignOn: ctx.services.sso.publicSettings(),
      };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
