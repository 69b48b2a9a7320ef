import { HOURS, PublicSettingsSchema, type PublicSettings } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';

async function settingsOf(t: TestApp): Promise<PublicSettings> {
  const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
  expect(res.statusCode).toBe(200);
  return PublicSettingsSchema.parse(res.json());
}

describe('GET /api/settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the deployment settings to anyone, without a token, and lets them be cached a minute', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(PublicSettingsSchema.parse(res.json())).toEqual({
      companyEmailDomain: 'example.com',
      cafeTimeZone: 'Asia/Bangkok',
      cafe: { latitude: 13.7466, longitude: 100.5393 },
      orderRadiusKm: 1,
      locationCheck: false,
      barOnlineOrdering: false,
      demo: false,
      hours: HOURS,
      webPushPublicKey: t.config.vapid.publicKey,
      passwordReset: false,
      singleSignOn: null,
      emailConfirmation: false,
    });
  });

  it('gives the same Web Push key as GET /api/push/public-key', async () => {
    const push = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect((await settingsOf(t)).webPushPublicKey).toBe(push.json<{ publicKey: string }>().publicKey);
    expect(t.config.vapid.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('follows the configuration: another domain, zone, position and switches need only a restart', async () => {
    const other = await createTestApp({
      env: {
        COMPANY_EMAIL_DOMAIN: '@Cafe.Example.ORG',
        CAFE_TIMEZONE: 'Europe/London',
        CAFE_LAT: '51.5072',
        CAFE_LNG: '-0.1276',
        ORDER_RADIUS_KM: '0.5',
        LOCATION_CHECK: 'on',
        BAR_ONLINE_ORDERING: 'on',
      },
    });
    try {
      expect(await settingsOf(other)).toMatchObject({
        companyEmailDomain: 'cafe.example.org',
        cafeTimeZone: 'Europe/London',
        cafe: { latitude: 51.5072, longitude: -0.1276 },
        orderRadiusKm: 0.5,
        locationCheck: true,
        barOnlineOrdering: true,
      });
    } finally {
      await other.close();
    }
  });

  it('says a demo is one, and a demo takes bar orders online unless told not to', async () => {
    const demo = await createTestApp({ env: { DEMO: 'on' } });
    const told = await createTestApp({ env: { DEMO: 'on', BAR_ONLINE_ORDERING: 'off' } });
    try {
      expect(await settingsOf(demo)).toMatchObject({ demo: true, barOnlineOrdering: true });
      expect(await settingsOf(told)).toMatchObject({ demo: true, barOnlineOrdering: false });
    } finally {
      await demo.close();
      await told.close();
    }
  });
});
