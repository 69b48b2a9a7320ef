import type { Order, QueuedOrder } from '@cafe/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';

// jsdom has no ResizeObserver; Radix radio items measure themselves with it.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** An ISO timestamp for a local wall-clock time today (so HH:mm checks do not depend on the zone). */
export function localIso(hours: number, minutes: number): string {
  const d = new Date();
  d.setHours(hours, minutes, 0, 0);
  return d.toISOString();
}

export function makeOrder(overrides: Partial<QueuedOrder> = {}): QueuedOrder {
  return {
    id: 1,
    status: 'ordered',
    orderDate: localIso(9, 5),
    updatedAt: localIso(9, 40),
    type: 'cold',
    sweetness: 50,
    remark: '-',
    tumblerImage: '/api/images/cup.jpg',
    rejectNote: '',
    menu: { id: 3, name: 'Latte', category: { id: 1, name: 'Coffee', categoryFor: 'cafe' } },
    user: { id: 7, name: 'Tess' },
    queue_at: 1,
    estimatedWaitMinutes: null,
    ...overrides,
  };
}

export function makeHistoryOrder(overrides: Partial<Order> = {}): Order {
  const { queue_at: _q, estimatedWaitMinutes: _e, ...order } = makeOrder({ status: 'done', queue_at: null });
  return { ...order, ...overrides };
}

/** Renders inside a fresh query cache and a memory router. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** An error answer for fakeFetch. */
export function apiFailure(status: number, code: string, message = code) {
  return { __status: status, body: { statusCode: status, error: 'Error', message, code } };
}

function isFailure(value: unknown): value is ReturnType<typeof apiFailure> {
  return typeof value === 'object' && value !== null && '__status' in value;
}

/** A fetch stand-in answering JSON by "METHOD /path" (query string ignored); unknown paths get 404. */
export function fakeFetch(answers: Record<string, unknown>) {
  return (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const json = { 'Content-Type': 'application/json' };
    if (!(key in answers)) {
      return Promise.resolve(
        new Response(JSON.stringify({ message: 'not found', code: 'NOT_FOUND' }), { status: 404, headers: json }),
      );
    }
    const answer = answers[key];
    if (isFailure(answer))
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.__status, headers: json }));
    return Promise.resolve(new Response(JSON.stringify(answer), { status: 200, headers: json }));
  };
}
