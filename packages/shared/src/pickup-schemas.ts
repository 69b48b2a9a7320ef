import { z } from 'zod';
import { CategoryForSchema } from './enum-schemas';
import { CafeDaySchema } from './schemas';

// ---------- orders for later (issue 19): a site's pickup settings and its slots ----------

export const PICKUP_LIMITS = {
  slotMinutes: { min: 5, max: 60 },
  leadMinutes: { min: 0, max: 240 },
  /** 0: today only. */
  daysAhead: { min: 0, max: 7 },
  slotCapacity: { min: 1, max: 200 },
} as const;

/** A new site's pickup settings (and every site's after the upgrade). */
export const DEFAULT_PICKUP_SETTINGS = { slotMinutes: 15, leadMinutes: 15, daysAhead: 0, slotCapacity: 10 } as const;

const whole = (name: string, range: { min: number; max: number }) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int({ message: `${name} must be a whole number` })
    .min(range.min, { message: `${name} must be from ${range.min} to ${range.max}` })
    .max(range.max, { message: `${name} must be from ${range.min} to ${range.max}` });

/**
 * GET/PUT /sites/{siteId}/pickup: how a site takes orders for later. Slots are `slotMinutes` long,
 * starting at each venue's opening time of the day; a slot must start at least `leadMinutes` from
 * now; people may order up to `daysAhead` days ahead (0: today only); a slot takes at most
 * `slotCapacity` drinks (every order for it that is not cancelled or rejected counts).
 */
export const PickupSettingsSchema = z.object({
  slotMinutes: whole('slotMinutes', PICKUP_LIMITS.slotMinutes),
  leadMinutes: whole('leadMinutes', PICKUP_LIMITS.leadMinutes),
  daysAhead: whole('daysAhead', PICKUP_LIMITS.daysAhead),
  slotCapacity: whole('slotCapacity', PICKUP_LIMITS.slotCapacity),
});
export type PickupSettings = z.infer<typeof PickupSettingsSchema>;

/** PUT /sites/{siteId}/pickup (barista of the site, admin): any of the settings. */
export const PickupSettingsPatchSchema = PickupSettingsSchema.partial();
export type PickupSettingsPatch = z.infer<typeof PickupSettingsPatchSchema>;

/** GET /sites/{siteId}/slots: the slots a person may order for. */
export const SlotsQuerySchema = z.object({
  /** The venue whose hours the slots follow (cafe without it). */
  venue: CategoryForSchema.optional(),
  /** One day of the site's calendar; without it, every day that may be ordered for. */
  day: CafeDaySchema.optional(),
});

/** One pickup slot, offered only while it has room and the lead time allows it. */
export const SlotSchema = z.object({
  /** The slot's start (ISO instant): what POST /order's `pickupAt` names. */
  start: z.string(),
  end: z.string(),
  /** The site's calendar day and clock time of the start ("2026-11-24", "10:30"). */
  day: z.string(),
  time: z.string(),
  /** Drinks it can still take. */
  remaining: z.number().int(),
});
export type Slot = z.infer<typeof SlotSchema>;

export const SlotListSchema = z.object({
  siteId: z.number().int(),
  timeZone: z.string(),
  slots: z.array(SlotSchema),
});
export type SlotList = z.infer<typeof SlotListSchema>;

/** The reject note of an order for later whose venue is closed when it falls due. */
export const PICKUP_CLOSED_NOTE = 'The shop is closed at your pickup time';
/** The reject note of an order for later whose site has paused online orders when it falls due. */
export const PICKUP_PAUSED_NOTE = 'Online orders are paused at your pickup time';
