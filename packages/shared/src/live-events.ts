import { z } from 'zod';
import { OrderingStatusSchema } from './counter';
import { QueueEventSchema } from './queue-schemas';
import { ClosingSoonEventSchema, ScheduleSchema } from './schedule-schemas';
import { OrdersEventSchema } from './order-schemas';
import { CafeStatusSchema, MenuEventSchema } from './schemas';
import { SiteSchema } from './site-schemas';

export const SessionChangedEventSchema = z.object({ userId: z.number().int() });
export type SessionChangedEvent = z.infer<typeof SessionChangedEventSchema>;

/**
 * Every event the server sends to clients, by its name on the wire, with its payload schema.
 * The Socket.IO server is typed from it (`Server<ClientToServerEvents, ServerToClientEvents>`) and the
 * web's one keyed hook parses each payload with it once, at the edge.
 */
export const LIVE_EVENT_SCHEMAS = {
  orders: OrdersEventSchema,
  queue: QueueEventSchema,
  'cafe-status': CafeStatusSchema,
  menu: MenuEventSchema,
  'ordering-status': OrderingStatusSchema,
  'session-changed': SessionChangedEventSchema,
  schedule: ScheduleSchema,
  'closing-soon': ClosingSoonEventSchema,
  site: SiteSchema,
} as const;

export type LiveEventName = keyof typeof LIVE_EVENT_SCHEMAS;
export type LiveEventPayload<E extends LiveEventName> = z.infer<(typeof LIVE_EVENT_SCHEMAS)[E]>;

/** Socket.IO's server-to-client map, derived from the schemas above. */
export type ServerToClientEvents = { [E in LiveEventName]: (payload: LiveEventPayload<E>) => void };
/** Clients send nothing over the live channel: every action is an HTTP request. */
export type ClientToServerEvents = Record<string, never>;

export const LIVE_EVENT_NAMES = Object.keys(LIVE_EVENT_SCHEMAS) as LiveEventName[];
