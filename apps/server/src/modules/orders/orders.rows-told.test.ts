import { describe, expect, it, vi } from 'vitest';
import type { AppBase } from '../../context';
import type { ClusterBus } from '../../realtime/bus';
import { createOrdersCore, ROW_TOPIC, type OrdersCore } from './orders.context';
import type { OrderRow } from './orders.repository';

/**
 * Decision 0123: the rows one process's writes leave are told to the other processes, which keep
 * them as known rows (a move there is decided without a read), never over a newer one. Two cores
 * on one bus stand for two processes: what one tells reaches the other's subscribers only.
 */
function processes(count: number, cluster = true) {
  const handlers = new Map<number, Map<string, ((key: string | number | null) => void)[]>>();
  const made = { count: 0 };
  const busOf = (me: number): ClusterBus => {
    const mine = new Map<string, ((key: string | number | null) => void)[]>();
    handlers.set(me, mine);
    const deliver = (to: number, topic: string, key: string | number | null) =>
      handlers
        .get(to)
        ?.get(topic)
        ?.forEach((handler) => handler(key));
    return {
      publish: (topic, key) => {
        for (const to of handlers.keys()) deliver(to, topic, key);
      },
      tellOthers: (topic, make) => {
        if (!cluster) return false;
        const key = make();
        made.count += 1;
        if (key === null) return false;
        for (const to of handlers.keys()) if (to !== me) deliver(to, topic, key);
        return true;
      },
      subscribe: (topic, handler) => mine.set(topic, [...(mine.get(topic) ?? []), handler]),
      onResync: () => undefined,
      resync: () => undefined,
    };
  };
  /** The domain events each process emitted: what follows a change there (the pickup screens, busy mode). */
  const emitted = Array.from({ length: count }, () => [] as [string, unknown][]);
  const cores = Array.from({ length: count }, (_, me) => {
    const ctx = {
      bus: busOf(me),
      events: { order: vi.fn(), waiting: vi.fn() },
      domainEvents: {
        emit: (name: string, payload: unknown) => Promise.resolve(void emitted[me]!.push([name, payload])),
      },
    } as unknown as AppBase;
    return createOrdersCore(ctx, () => undefined);
  });
  /** A message on the row topic reaching process `to` (a relay, however late). */
  const tell = (to: number, key: string | number | null) =>
    handlers
      .get(to)
      ?.get(ROW_TOPIC)
      ?.forEach((handler) => handler(key));
  return { cores, made, tell, emitted };
}

function row(changes: Partial<OrderRow> = {}): OrderRow {
  return {
    id: 7,
    site_id: 1,
    site_name: 'Head office',
    status: 'ordered',
    order_date: '2026-11-30T03:00:00.000Z',
    updated_at: '2026-11-30T03:00:00.000Z',
    user_id: 3,
    user_name: 'Ann',
    menu_id: 2,
    menu_name: 'Latte',
    remark: null,
    run_id: null,
    options_json: null,
    ...changes,
  } as OrderRow;
}

describe('the rows told to the other processes', () => {
  it('keeps the row another process left, follows its later writes, and keeps a newer row over an older one told late', () => {
    const { cores, tell, emitted } = processes(2);
    const [first, second] = cores as [OrdersCore, OrdersCore];
    expect(second.known(7)).toBeUndefined();

    const placed = row();
    first.announce(placed, null);
    expect(second.known(7)).toEqual(placed);
    // Here the change follows as told; there, as a row told (the pickup screens need no notice of their own).
    expect(emitted[0]).toEqual([['orders.changed', { siteId: 1, told: true }]]);
    expect(emitted[1]).toEqual([['orders.told', { siteId: 1 }]]);

    const taken = row({ status: 'in-progress', updated_at: '2026-11-30T03:01:00.000Z', claimed_by: 9 });
    second.announce(taken, 'ordered');
    expect(first.known(7)).toEqual(taken);
    expect(second.known(7)).toEqual(taken);

    // The placement's row reaching the second process late (the relays of a rush): the newer stays.
    tell(1, JSON.stringify(placed));
    expect(second.known(7)).toEqual(taken);
    // A newer one told replaces it.
    const done = row({ status: 'done', updated_at: '2026-11-30T03:04:00.000Z', claimed_by: 9 });
    tell(1, JSON.stringify(done));
    expect(second.known(7)).toEqual(done);
  });

  it('tells no run drink, no row too large for a notification, and makes nothing with one process', () => {
    const { cores, made, emitted } = processes(2);
    const [first, second] = cores as [OrdersCore, OrdersCore];
    first.announce(row({ id: 8, run_id: 4 }), null);
    expect(second.known(8)).toBeUndefined();
    expect(made.count).toBe(0);

    first.announce(row({ id: 9, remark: 'ก'.repeat(1_500) }), null);
    expect(made.count).toBe(1);
    expect(second.known(9)).toBeUndefined();
    expect(first.known(9)?.id).toBe(9);
    // Neither was told: what follows them elsewhere needs a message of its own.
    expect(emitted[0]).toEqual([
      ['orders.changed', { siteId: 1, told: false }],
      ['orders.changed', { siteId: 1, told: false }],
    ]);
    expect(emitted[1]).toEqual([]);

    const alone = processes(1, false);
    (alone.cores[0] as OrdersCore).announce(row(), null);
    expect(alone.made.count).toBe(0);
    expect(alone.emitted[0]).toEqual([['orders.changed', { siteId: 1, told: false }]]);
  });

  it('keeps nothing of a message that holds no row', () => {
    const handlers: ((key: string | number | null) => void)[] = [];
    const bus = {
      publish: () => undefined,
      tellOthers: () => false,
      subscribe: (topic: string, handler: (key: string | number | null) => void) => {
        if (topic === ROW_TOPIC) handlers.push(handler);
      },
      onResync: () => undefined,
      resync: () => undefined,
    } satisfies ClusterBus;
    const emit = vi.fn(() => Promise.resolve());
    const ctx = { bus, events: { order: vi.fn(), waiting: vi.fn() }, domainEvents: { emit } } as unknown as AppBase;
    const core = createOrdersCore(ctx, () => undefined);
    for (const told of ['not json', 12, null, '{"id":"7"}', JSON.stringify(row({ run_id: 3 }))])
      handlers.forEach((handler) => handler(told));
    expect(core.known(7)).toBeUndefined();
    expect(emit).not.toHaveBeenCalled();
    handlers.forEach((handler) => handler(JSON.stringify(row())));
    expect(core.known(7)?.status).toBe('ordered');
    expect(emit).toHaveBeenCalledWith('orders.told', { siteId: 1 });
  });
});
