import { z } from 'zod';
import { OrderingStatusSchema } from './counter';
import { IdSchema } from './id-schema';
import { LIMITS } from './limits';
import { SEQUENCED_EVENTS } from './live-event-names';
import { QueueEventSchema } from './queue-schemas';
import { RunSchema } from './run-schemas';
import { ClosingSoonEventSchema, ScheduleSchema } from './schedule-schemas';
import { OrdersEventSchema } from './order-schemas';
import { CafeStatusSchema, MenuEventSchema } from './schemas';
import { SiteSchema } from './site-schemas';

/**
 * What every event sent to a site's rooms carries besides its own fields (docs/api/live-events.md,
 * "Never missed, never twice"): the site and its sequence number, dense (1, 2, 3, ...) per site
 * across the whole deployment. Optional in the schema only so that an older server's events still
 * parse; this server always sends both on a site's events, and never on the others.
 */
export const SEQUENCED = {
  siteId: z.number().int().positive().optional(),
  seq: z.number().int().positive().optional(),
};
/** The site fields of a sequenced event, for a client that reads them without knowing which event it is. */
export const SequencedSchema = z.object(SEQUENCED);
export type Sequenced = z.infer<typeof SequencedSchema>;

// The names of the sequenced events live in a module without schemas: the web's live connection
// loads no schema library before its first event.
export { SEQUENCED_EVENTS };

/**
 * `hello`: sent on every connect, before any other event of that connection: the site the
 * connection follows, whether it gets that site's board, and the site's current sequence number
 * (0 when nothing was sent yet). Events of the site with a greater `seq` are the ones to apply.
 */
export const HelloEventSchema = z.object({
  siteId: z.number().int().positive(),
  board: z.boolean(),
  seq: z.number().int().nonnegative(),
});
export type HelloEvent = z.infer<typeof HelloEventSchema>;

/** One event of `GET /live/missed`: its name on the wire, its sequence number and its payload as sent. */
export const MissedEventSchema = z.object({
  event: z.enum(SEQUENCED_EVENTS),
  seq: z.number().int().positive(),
  payload: z.record(z.string(), z.unknown()),
});
export type MissedEvent = z.infer<typeof MissedEventSchema>;

/** GET /live/missed?siteId=&after=: what the caller missed of a site since `after`. */
export const LiveMissedQuerySchema = z.object({
  siteId: IdSchema,
  /** A site's sequence number is a 4-byte integer in the database, as ids are. */
  after: z.coerce
    .number({ error: 'after must be a whole number, 0 or more' })
    .int({ message: 'after must be a whole number, 0 or more' })
    .nonnegative({ message: 'after must be a whole number, 0 or more' })
    .max(LIMITS.idMax, { message: `after must be at most ${LIMITS.idMax}` }),
});
export const LiveMissedSchema = z.object({
  siteId: z.number().int().positive(),
  /** The site's current sequence number. */
  seq: z.number().int().nonnegative(),
  /** `after` is older than the events kept (or not one this server gave): read everything again. */
  tooOld: z.boolean(),
  /** In `seq` order; only those the caller would have received live. Empty when `tooOld`. */
  events: z.array(MissedEventSchema),
});
export type LiveMissed = z.infer<typeof LiveMissedSchema>;

export const SessionChangedEventSchema = z.object({ userId: z.number().int() });
export type SessionChangedEvent = z.infer<typeof SessionChangedEventSchema>;

/**
 * Every event the server sends to clients, by its name on the wire, with its payload schema.
 * The Socket.IO server is typed from it (`Server<ClientToServerEvents, ServerToClientEvents>`) and the
 * web's one keyed hook parses each payload with it once, at the edge.
 */
export const LIVE_EVENT_SCHEMAS = {
  orders: OrdersEventSchema.extend(SEQUENCED),
  queue: QueueEventSchema.extend({ seq: SEQUENCED.seq }),
  'cafe-status': CafeStatusSchema.extend(SEQUENCED),
  menu: MenuEventSchema.extend(SEQUENCED),
  'ordering-status': OrderingStatusSchema.extend(SEQUENCED),
  'session-changed': SessionChangedEventSchema,
  schedule: ScheduleSchema.extend(SEQUENCED),
  'closing-soon': ClosingSoonEventSchema.extend(SEQUENCED),
  site: SiteSchema,
  /**
   * A coffee run changed (a drink added, withdrawn or moved on, the run closed): the whole Run as it
   * is after the change, to its runner and to the people with a drink in it (their own rooms). Not
   * numbered: a page that follows a run reads it again after a reconnect.
   */
  run: RunSchema,
  hello: HelloEventSchema,
} as const;

export type LiveEventName = keyof typeof LIVE_EVENT_SCHEMAS;
export type LiveEventPayload<E extends LiveEventName> = z.infer<(typeof LIVE_EVENT_SCHEMAS)[E]>;

/** Socket.IO's server-to-client map, derived from the schemas above. */
export type ServerToClientEvents = { [E in LiveEventName]: (payload: LiveEventPayload<E>) => void };
/** Clients send nothing over the live channel: every action is an HTTP request. */
export type ClientToServerEvents = Record<string, never>;

export const LIVE_EVENT_NAMES = Object.keys(LIVE_EVENT_SCHEMAS) as LiveEventName[];
