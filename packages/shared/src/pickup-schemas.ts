import { z } from 'zod';
import { CategoryForSchema, DisplayNamesSchema } from './enum-schemas';
import { CafeDaySchema } from './schemas';

// ---------- orders for later (issue 19): a site's pickup settings and its slots ----------

export const PICKUP_LIMITS = {
  slotMinutes: { min: 5, max: 60 },
  leadMinutes: { min: 0, max: 240 },
  /** 0: today only. */
  daysAhead: { min: 0, max: 7 },
  slotCapacity: { min: 1, max: 200 },
  tumblerGraceMinutes: { min: 1, max: 30 },
  readyReminderMinutes: { min: 1, max: 120 },
  uncollectedAfterMinutes: { min: 5, max: 480 },
  /** The preparation target: a drink in progress for longer is over it (the board's cue, the statistics). */
  prepTargetMinutes: { min: 1, max: 30 },
} as const;

/** A new site's pickup settings (and every site's after the upgrade). */
export const DEFAULT_PICKUP_SETTINGS = {
  slotMinutes: 15,
  leadMinutes: 15,
  daysAhead: 0,
  slotCapacity: 10,
  tumblerGraceMinutes: 5,
  readyReminderMinutes: 10,
  uncollectedAfterMinutes: 30,
  prepTargetMinutes: 4,
  displayNames: 'first-initial',
} as const;

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
  /**
   * The counter (docs/api/counter.md): minutes a tumbler marked not here has before the order is
   * cancelled (5, the specification's rule); minutes a finished drink waits before its owner is
   * reminded; minutes after which a barista may mark it not collected; what the pickup screen
   * shows of a person's name.
   */
  tumblerGraceMinutes: whole('tumblerGraceMinutes', PICKUP_LIMITS.tumblerGraceMinutes),
  readyReminderMinutes: whole('readyReminderMinutes', PICKUP_LIMITS.readyReminderMinutes),
  uncollectedAfterMinutes: whole('uncollectedAfterMinutes', PICKUP_LIMITS.uncollectedAfterMinutes),
  /** Minutes a drink may take from in-progress to done (4 unless set): past it the board shows a quiet cue. */
  prepTargetMinutes: whole('prepTargetMinutes', PICKUP_LIMITS.prepTargetMinutes),
  displayNames: DisplayNamesSchema,
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
  /**
   * When a drink ordered for it would really be ready (ISO), present only when the site's line
   * makes that later than the slot's start ("ready about 11:42").
   */
  readyAt: z.string().optional(),
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

/** The reject note of an order whose tumbler a barista marked not here and nobody brought in time. */
export const TUMBLER_NOT_FOUND_NOTE = 'Barista can not find your tumbler';
