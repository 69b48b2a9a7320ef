import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

type Handler = (url: URL, init: RequestInit | undefined) => unknown;

/** An error answer for mockApi. */
export class Fail {
  constructor(
    readonly status: number,
    readonly message = 'Something went wrong',
  ) {}
}

/** Answers fetch calls from a table of "METHOD /path" -> body (or a function of the request). */
export function mockApi(routes: Record<string, unknown>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const key = `${method} ${url.pathname.replace(/^\/api/, '')}`;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname.replace(/^\/api/, ''), body });
    const route = routes[key];
    if (route === undefined) {
      return Promise.resolve(
        new Response(JSON.stringify({ message: `no mock for ${key}`, code: 'NOT_FOUND' }), { status: 404 }),
      );
    }
    const answer = typeof route === 'function' ? (route as Handler)(url, init) : route;
    if (answer instanceof Fail) {
      return Promise.resolve(
        new Response(JSON.stringify({ message: answer.message, code: 'INTERNAL' }), { status: answer.status }),
      );
    }
    return Promise.resolve(
      new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** Renders one screen at a path, with its route pattern, a fresh query cache and a memory router. */
export function renderRoute(Screen: ComponentType, pattern: string, path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: pattern, Component: Screen },
      { path: '*', element: <p>Somewhere else</p> },
    ],
    { initialEntries: [path] },
  );
  return {
    router,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}
