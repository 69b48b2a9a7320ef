import {
  LIVE_EVENT_SCHEMAS,
  LiveMissedSchema,
  type LiveEventName,
  type LiveEventPayload,
  type LiveMissed,
} from '@cafe/shared';
import type { z } from 'zod';
import { api } from './api-client';
import { deliverLiveEvent } from './live-listeners';

/**
 * The contract's schemas, seen per event: indexing this map with an event name gives the schema of
 * that very event (TypeScript cannot follow that through the `as const` object itself).
 */
const SCHEMAS: { [E in LiveEventName]: z.ZodType<LiveEventPayload<E>> } = LIVE_EVENT_SCHEMAS;

/**
 * The edge of the live channel: a payload is parsed once, here; one that does not fit is dropped.
 * This module brings the schema library, so the connection loads it with the first event
 * (live-connection.ts), not with the first screen.
 */
export function dispatchLiveEvent(event: string, payload: unknown): void {
  if (!isLiveEventName(event)) {
    console.warn(`live event "${event}" dropped: the contract has no such event`);
    return;
  }
  deliverParsed(event, payload);
}

function isLiveEventName(event: string): event is LiveEventName {
  return Object.hasOwn(SCHEMAS, event);
}

function deliverParsed<E extends LiveEventName>(event: E, payload: unknown): void {
  const parsed = SCHEMAS[event].safeParse(payload);
  if (!parsed.success) {
    console.warn(`live event "${event}" dropped: its payload does not match the contract`, parsed.error.issues);
    return;
  }
  deliverLiveEvent(event, parsed.data);
}

/**
 * GET /live/missed: the events of a site after `after` that this client missed (live-sequence.ts).
 * Here, with the schemas, so the connection does not load them with the first screen.
 */
export function fetchMissed(siteId: number, after: number): Promise<LiveMissed> {
  return api('/live/missed', { query: { siteId, after }, schema: LiveMissedSchema });
}
