import { z } from 'zod';
import { CategoryForSchema } from './enum-schemas';
import { CafeDaySchema } from './schemas';
import { CLOSES_PATTERN, clockMinutes, OPENS_PATTERN, WEEKDAY_NAMES } from './schedule';

// ---------- opening hours (GET /schedule, PUT /schedule/weekly, closed days, live events) ----------

/** The longest note a closed day may carry. */
export const CLOSED_DAY_NOTE_MAX = 60;

/** A venue's hours on one weekday: opens before it closes, cafe time. */
export const WeeklyPeriodSchema = z
  .object({
    venue: CategoryForSchema,
    weekday: z
      .number({ error: 'weekday must be a whole number from 0 (Sunday) to 6 (Saturday)' })
      .int({ message: 'weekday must be a whole number from 0 (Sunday) to 6 (Saturday)' })
      .min(0, { message: 'weekday must be a whole number from 0 (Sunday) to 6 (Saturday)' })
      .max(6, { message: 'weekday must be a whole number from 0 (Sunday) to 6 (Saturday)' }),
    opens: z
      .string({ error: 'opens must be a time written HH:MM' })
      .regex(OPENS_PATTERN, { message: 'opens must be a time written HH:MM, from 00:00 to 23:59' }),
    closes: z
      .string({ error: 'closes must be a time written HH:MM' })
      .regex(CLOSES_PATTERN, { message: 'closes must be a time written HH:MM, from 00:01 to 24:00' }),
  })
  .refine((p) => clockMinutes(p.opens) < clockMinutes(p.closes), {
    message: 'closes must be later than opens',
    path: ['closes'],
  });
export type WeeklyPeriodInput = z.infer<typeof WeeklyPeriodSchema>;

/** PUT /schedule/weekly: every period of the week, at most one per venue and weekday. */
export const WeeklyScheduleBodySchema = z
  .object({
    weekly: z.array(WeeklyPeriodSchema).max(14, { message: 'weekly: at most one period per venue and weekday' }),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.weekly.forEach((period, index) => {
      const key = `${period.venue} ${period.weekday}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['weekly', index, 'weekday'],
          message: `the ${period.venue} already has hours on ${WEEKDAY_NAMES[period.weekday] ?? 'that day'}: one period per venue and weekday`,
        });
      }
      seen.add(key);
    });
  });
export type WeeklyScheduleBody = z.infer<typeof WeeklyScheduleBodySchema>;

export const ClosedDaySchema = z.object({ day: z.string(), note: z.string() });

/** POST /schedule/closed-days: a day both venues stay closed. */
export const ClosedDayBodySchema = z.object({
  day: CafeDaySchema,
  note: z
    .string({ error: 'note must be text' })
    .trim()
    .max(CLOSED_DAY_NOTE_MAX, { message: `note must be at most ${CLOSED_DAY_NOTE_MAX} characters` })
    .optional(),
});
export type ClosedDayBody = z.infer<typeof ClosedDayBodySchema>;

export const ClosedDayParamsSchema = z.object({ day: CafeDaySchema });

/** When a venue next opens by the schedule (an ISO instant). */
export const NextOpeningSchema = z.object({ venue: CategoryForSchema, at: z.string() });

/** GET /schedule, the answer of every change, and the `schedule` event. */
export const ScheduleSchema = z.object({
  /** The weekly periods, by weekday (0 = Sunday) then venue. */
  weekly: z.array(
    z.object({ venue: CategoryForSchema, weekday: z.number().int(), opens: z.string(), closes: z.string() }),
  ),
  /** Closed days from today on (cafe time), by day. */
  closedDays: z.array(ClosedDaySchema),
  /** When a venue next opens by the schedule; null when it never does within a year. */
  nextOpening: NextOpeningSchema.nullable(),
  /** Minutes before a scheduled close at which everyone gets `closing-soon`. */
  closingWarningMinutes: z.number().int(),
  /** Whether the server opens and closes the shop by these hours (OPENING_HOURS), or only people do. */
  automatic: z.boolean(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

/** The `closing-soon` event: `venue` closes by the schedule at `at` (ISO); waiting orders are then rejected. */
export const ClosingSoonEventSchema = z.object({ venue: CategoryForSchema, at: z.string() });
export type ClosingSoonEvent = z.infer<typeof ClosingSoonEventSchema>;
