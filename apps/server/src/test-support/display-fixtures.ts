import { createHash } from 'node:crypto';
import { DISPLAY_NAMESPACE, type DisplayLinkCreated, type DisplayServerToClientEvents } from '@cafe/shared';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { TestApp, TestUser } from './test-app';
import { EVENT_WAIT_MS } from './waits';

/** A pickup screen's live connection. */
export type ScreenClient = Socket<DisplayServerToClientEvents, Record<string, never>>;

/** Makes a display link of a site as `who`; answers it with its token. */
export async function makeLink(t: TestApp, who: TestUser, siteId: number, label = 'Counter TV') {
  const res = await t.request('POST', `/api/sites/${siteId}/displays`, who, { label });
  expect(res.statusCode).toBe(201);
  return res.json<DisplayLinkCreated>();
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Connects a screen with `token`; resolves once in, rejects with the server's refusal. */
export async function connectScreen(baseUrl: string, token: string): Promise<ScreenClient> {
  const socket: ScreenClient = connectSocket(`${baseUrl}${DISPLAY_NAMESPACE}`, {
    path: '/api/socket.io',
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return socket;
}

/** Resolves with the next `event` the screen hears; rejects after `ms`. */
export function nextScreenEvent<E extends keyof DisplayServerToClientEvents>(
  socket: ScreenClient,
  event: E,
  ms = EVENT_WAIT_MS,
): Promise<Parameters<DisplayServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const listener = ((payload: Parameters<DisplayServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    }) as never;
    socket.once(event, listener);
  });
}

/** Resolves when the screen's connection ends, with the reason. */
export function disconnected(socket: ScreenClient, ms = EVENT_WAIT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
