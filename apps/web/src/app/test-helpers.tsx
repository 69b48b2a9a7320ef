// Test-only helpers of the foundation tests (never imported by the app).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { DEFAULT_USER, useSession, type SessionUser } from '../stores/session';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status?: number; body?: unknown } | undefined;

/** Replaces fetch with a fake API: `handler` answers (undefined = 404); every call is recorded. */
export function mockApi(handler: (call: RecordedCall) => Answer | Promise<Answer>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const answer = (await handler(call)) ?? {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'not found', code: 'NOT_FOUND' },
    };
    const status = answer.status ?? 200;
    const hasBody = answer.body !== undefined && status !== 204;
    return new Response(hasBody ? JSON.stringify(answer.body) : null, {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function apiError(status: number, code: string, message: string) {
  return { status, body: { statusCode: status, error: 'Error', message, code } };
}

/** Puts a person in the session store as start-up would. */
export function signIn(user: Partial<SessionUser> = {}) {
  useSession.setState({
    initialised: true,
    user: {
      ...DEFAULT_USER,
      login: true,
      id: 7,
      sub: '7',
      email: 'mali@example.com',
      name: 'Mali',
      role: 'user',
      isCafeOpen: true,
      isBarOpen: false,
      ...user,
    },
  });
}

export function signOutStore(
  venue: { isCafeOpen: boolean; isBarOpen: boolean } = { isCafeOpen: true, isBarOpen: false },
) {
  useSession.setState({ initialised: true, user: { ...DEFAULT_USER, ...venue } });
}

/** Shows the current location, so tests can assert where navigation went. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** A stand-in screen that names the path it was reached at. */
export function stubScreen(path: string): RouteObject {
  return { path, element: <LocationProbe /> };
}

export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** Renders `routes` in a memory router at `entry` with a fresh query client. */
export function renderRoutes(routes: RouteObject[], entry: string | { pathname: string; state?: unknown } = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
