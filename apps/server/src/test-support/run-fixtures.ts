import type { Order, Run } from '@cafe/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { cafeOrderBody, createOrderingApp, type SeededMenu } from './order-fixtures';
import type { TestApp, TestUser } from './test-app';

/**
 * The coffee run's tests (docs/api/runs.md) in Bangkok (UTC+7), on the ordering morning (a
 * Wednesday, 18 November 2026, 10:00): the cafe serves 09:00-16:00 with 15-minute pickup slots, at
 * least 15 minutes ahead, ten drinks a slot.
 */
export const RUN_DAY = '2026-11-18';

/** An instant of the run day (or another day) on Bangkok's clock, as the server writes it. */
export const local = (time: string, day = RUN_DAY) => new Date(`${day}T${time}:00+07:00`).toISOString();

export interface RunWorld {
  t: TestApp;
  menu: SeededMenu;
  image: string;
  barista: TestUser;
  /** `who` as a request sends them now (the clock moves; an access token lives a quarter of an hour). */
  call: (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    who: TestUser,
    body?: unknown,
  ) => Promise<LightMyRequestResponse>;
  /** POST /runs, expected to start one. */
  startRun: (runner: TestUser, body: { pickupAt: string; closesAt: string; place?: string }) => Promise<Run>;
  /** POST /order with the run's id: a latte with the person's tumbler photo unless `extra` says otherwise. */
  join: (who: TestUser, runId: number, extra?: Record<string, unknown>) => Promise<LightMyRequestResponse>;
  /** A join expected to succeed: the order. */
  joined: (who: TestUser, runId: number, extra?: Record<string, unknown>) => Promise<Order>;
  /** GET /runs/{id}. */
  runOf: (id: number, who?: TestUser) => Promise<Run>;
  /** What `own_cup` the database holds for an order. */
  ownCupOf: (orderId: number) => Promise<number>;
}

/** An ordering app with a barista of its first site, and the coffee run's steps. */
export async function createRunWorld(): Promise<RunWorld> {
  const { t, menu, image } = await createOrderingApp();
  const barista = await t.createUser({ role: 'barista', name: 'Bea Barista' });
  const call: RunWorld['call'] = async (method, url, who, body) => {
    const token = await t.app.ctx.tokens.sign(who.id, who.role);
    return t.request(method, url, { ...who, token, auth: { authorization: `Bearer ${token}` } }, body as never);
  };
  const join: RunWorld['join'] = (who, runId, extra = {}) =>
    call('POST', '/api/order', who, cafeOrderBody(menu.latte, image, { runId, ...extra }));
  const runOf: RunWorld['runOf'] = async (id, who = barista) => {
    const res = await call('GET', `/api/runs/${id}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Run>();
  };
  return {
    t,
    menu,
    image,
    barista,
    call,
    join,
    runOf,
    async startRun(runner, body) {
      const res = await call('POST', '/api/runs', runner, { place: 'Meeting room 3', ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Run>();
    },
    async joined(who, runId, extra) {
      const res = await join(who, runId, extra);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Order>();
    },
    async ownCupOf(orderId) {
      const row = await t.app.ctx.db
        .selectFrom('orders')
        .select('own_cup')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      return Number(row.own_cup);
    },
  };
}
