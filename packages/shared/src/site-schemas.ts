import { z } from 'zod';
import { CafeStatusSchema, IdSchema } from './schemas';
import { hasVisibleCharacter } from './text';

/** A site's name: something to see, at most SITE_NAME_MAX characters. */
export const SITE_NAME_MAX = 40;
/** The widest order radius a site may have, in kilometres. */
export const SITE_RADIUS_MAX_KM = 50;

/**
 * A real IANA time zone ("Asia/Bangkok", "Europe/Berlin", "UTC"): a name of the tz database that
 * this runtime knows. Offsets ("+07:00") and abbreviations ("ICT") are not zones: they know no
 * daylight-saving changes.
 */
export function isIanaTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  if (!value.includes('/') && value !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const SiteNameSchema = z
  .string({ error: 'name: is required' })
  .trim()
  .min(1, { message: 'Site name cannot be empty' })
  .refine(hasVisibleCharacter, { message: 'Site name cannot be empty', abort: true })
  .max(SITE_NAME_MAX, { message: `Site name must be at most ${SITE_NAME_MAX} characters` });

const LatitudeSchema = z
  .number({ error: 'must be a number between -90 and 90' })
  .min(-90, { message: 'must be between -90 and 90' })
  .max(90, { message: 'must be between -90 and 90' });
const LongitudeSchema = z
  .number({ error: 'must be a number between -180 and 180' })
  .min(-180, { message: 'must be between -180 and 180' })
  .max(180, { message: 'must be between -180 and 180' });
const RadiusSchema = z
  .number({ error: 'must be a number of kilometres' })
  .positive({ message: 'must be more than 0 km' })
  .max(SITE_RADIUS_MAX_KM, { message: `must be at most ${SITE_RADIUS_MAX_KM} km` });
const TimeZoneSchema = z
  .string()
  .max(64)
  .refine(isIanaTimeZone, { message: 'must be an IANA time zone such as Asia/Bangkok' });

/** Which venues a site runs. */
export const SiteVenuesSchema = z.object({ cafe: z.boolean(), bar: z.boolean() });
export type SiteVenues = z.infer<typeof SiteVenuesSchema>;

/** A site as everyone reads it (GET /sites, GET /sites/{siteId}). */
export const SiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** How far from the site an order may be placed, in kilometres. */
  radiusKm: z.number(),
  /** IANA zone: the site's "today", hours and statistics periods are in it. */
  timeZone: z.string(),
  venues: SiteVenuesSchema,
  /** The shop status of the site (the same as GET /cafe-status for a person of this site). */
  status: CafeStatusSchema,
  /** Archived sites take no orders and are listed only for admins who ask for them. */
  archived: z.boolean(),
});
export type Site = z.infer<typeof SiteSchema>;

/** POST /sites (admin). */
export const SiteCreateBodySchema = z
  .object({
    name: SiteNameSchema,
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    radiusKm: RadiusSchema,
    timeZone: TimeZoneSchema,
    venues: SiteVenuesSchema.optional(),
  })
  .refine((body) => !body.venues || body.venues.cafe || body.venues.bar, {
    message: 'a site runs the cafe, the bar or both',
    path: ['venues'],
  });
export type SiteCreateBody = z.infer<typeof SiteCreateBodySchema>;

/** PATCH /sites/{siteId} (admin): any of the fields. */
export const SitePatchBodySchema = z
  .object({
    name: SiteNameSchema.optional(),
    latitude: LatitudeSchema.optional(),
    longitude: LongitudeSchema.optional(),
    radiusKm: RadiusSchema.optional(),
    timeZone: TimeZoneSchema.optional(),
    venues: SiteVenuesSchema.optional(),
  })
  .refine((body) => !body.venues || body.venues.cafe || body.venues.bar, {
    message: 'a site runs the cafe, the bar or both',
    path: ['venues'],
  });
export type SitePatchBody = z.infer<typeof SitePatchBodySchema>;

export const SiteParamsSchema = z.object({ siteId: IdSchema });

/** GET /sites: archived sites too (admins only). */
export const SiteListQuerySchema = z.object({
  archived: z.enum(['include', 'exclude']).default('exclude'),
});

/** A barista of a site (GET/PUT /sites/{siteId}/baristas). */
export const SiteBaristaSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type SiteBarista = z.infer<typeof SiteBaristaSchema>;

/** PUT /sites/{siteId}/baristas (admin): the baristas of the site become exactly these. */
export const SiteBaristasBodySchema = z.object({
  userIds: z.array(IdSchema).max(500, { message: 'userIds: at most 500 baristas' }),
});
export type SiteBaristasBody = z.infer<typeof SiteBaristasBodySchema>;

/**
 * The optional `siteId` query of endpoints that existed before sites (the board, history,
 * statistics): without it they answer for the caller's own site, as they always did.
 */
export const SiteQuerySchema = z.object({ siteId: IdSchema.optional() });

/** PUT /user/home-site: the site a person orders at. */
export const HomeSiteBodySchema = z.object({ siteId: IdSchema });
export type HomeSiteBody = z.infer<typeof HomeSiteBodySchema>;

/** GET /sites/nearest: the site within whose radius a position lies (the nearest of several). */
export const NearestSiteQuerySchema = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
});

/** PATCH /sites/{siteId}/menu/{menuId} (barista of the site, admin): the item at that site. */
export const SiteMenuPatchBodySchema = z
  .object({
    /** Whether the site serves the item at all (false: it leaves the site's menu). */
    available: z.boolean().optional(),
    /** Sold out now; false ends a sold-out. */
    soldOut: z.boolean().optional(),
    /** With soldOut true: when it ends by itself (ISO instant, in the future); null or absent: until ended. */
    soldOutUntil: z.iso.datetime({ offset: true, message: 'must be an ISO date and time' }).nullable().optional(),
  })
  .refine((body) => body.available !== undefined || body.soldOut !== undefined, {
    message: 'give available or soldOut',
    path: ['available'],
  })
  .refine((body) => body.soldOutUntil == null || body.soldOut === true, {
    message: 'soldOutUntil goes with soldOut: true',
    path: ['soldOutUntil'],
  });
export type SiteMenuPatchBody = z.infer<typeof SiteMenuPatchBodySchema>;

export const SiteMenuParamsSchema = z.object({ siteId: IdSchema, menuId: IdSchema });
