import { SITE_NAME_MAX, SITE_RADIUS_MAX_KM, type Site, type SiteCreateBody, type SiteVenues } from '@cafe/shared';
import { msgId } from '@/i18n';
import { ApiError } from '@/lib/api-client';

/** The site form as typed: numbers stay text until the form is sent. */
export interface SiteFormValues {
  name: string;
  latitude: string;
  longitude: string;
  radiusKm: string;
  timeZone: string;
  venues: SiteVenues;
}

export type SiteField = keyof SiteFormValues;
export const SITE_FIELDS: readonly SiteField[] = ['name', 'latitude', 'longitude', 'radiusKm', 'timeZone', 'venues'];

/** What a field's problem says: a catalogue id (with its values) or the server's own words. */
export type FieldProblem = { id: string; values?: Record<string, number> } | { text: string };
export type SiteFormErrors = Partial<Record<SiteField, FieldProblem>>;

/** The zone of this browser, the usual zone of a new site. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The zones to choose from: every IANA zone this browser knows, UTC among them (some browsers
 * leave it out), and the site's current zone should the browser not know it.
 */
export function timeZoneChoices(current?: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/** The form of a site to edit, or of a new one: 1 km around, in this browser's zone, running both venues. */
export function siteFormOf(site?: Site): SiteFormValues {
  return {
    name: site?.name ?? '',
    latitude: site ? String(site.latitude) : '',
    longitude: site ? String(site.longitude) : '',
    radiusKm: site ? String(site.radiusKm) : '1',
    timeZone: site?.timeZone ?? browserTimeZone(),
    venues: site ? { ...site.venues } : { cafe: true, bar: true },
  };
}

/** A number as typed ("13.75", "13,75"); NaN for anything else, an empty field too. */
function numberOf(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

function inRange(value: number, min: number, max: number): boolean {
  return Number.isFinite(value) && value >= min && value <= max;
}

/**
 * The form checked as the server would check it (docs/api.md "Sites"): the body to send, or what
 * is wrong with each field.
 */
export function checkSiteForm(values: SiteFormValues): { body: SiteCreateBody } | { errors: SiteFormErrors } {
  const errors: SiteFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = { id: msgId('sites.error.nameRequired') };
  else if (name.length > SITE_NAME_MAX)
    errors.name = { id: msgId('sites.error.nameTooLong'), values: { max: SITE_NAME_MAX } };
  const latitude = numberOf(values.latitude);
  if (!inRange(latitude, -90, 90)) errors.latitude = { id: msgId('sites.error.latitude') };
  const longitude = numberOf(values.longitude);
  if (!inRange(longitude, -180, 180)) errors.longitude = { id: msgId('sites.error.longitude') };
  const radiusKm = numberOf(values.radiusKm);
  if (!(Number.isFinite(radiusKm) && radiusKm > 0 && radiusKm <= SITE_RADIUS_MAX_KM)) {
    errors.radiusKm = { id: msgId('sites.error.radius'), values: { max: SITE_RADIUS_MAX_KM } };
  }
  if (values.timeZone === '') errors.timeZone = { id: msgId('sites.error.timeZone') };
  if (!values.venues.cafe && !values.venues.bar) errors.venues = { id: msgId('sites.error.venues') };
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { name, latitude, longitude, radiusKm, timeZone: values.timeZone, venues: values.venues } };
}

/**
 * A refusal of the server placed beside its field: a 400 names the field first ("latitude: must be
 * between -90 and 90"), a taken name is the name's. Anything else is the form's (null).
 */
export function fieldOfRefusal(error: unknown): { field: SiteField; text: string } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'SITE_NAME_TAKEN') return { field: 'name', text: error.message };
  if (error.status !== 400) return null;
  const match = /^([A-Za-z]+)(?:\.[\w.]+)?: (.+)$/s.exec(error.message);
  const field = SITE_FIELDS.find((f) => f === match?.[1]);
  return field && match ? { field, text: match[2]! } : null;
}
