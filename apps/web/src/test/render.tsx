// Test-only helpers: providers seeded as start-up would leave them, routers, and where navigation went.
import type { CafeStatus, Me, PublicSettings } from '@cafe/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach } from 'vitest';
import { cafeStatusQueryOptions } from '@/api/cafe-status';
import { meQueryOptions } from '@/api/me';
import { settingsQueryOptions } from '@/api/settings';

export { apiError, mockApi, Reply, type RecordedCall } from './fake-api';

/** The settings a test server serves: the e2e cafe's position, Bangkok time, location check on. */
export const TEST_SETTINGS: PublicSettings = {
  companyEmailDomain: 'example.com',
  cafeTimeZone: 'Asia/Bangkok',
  cafe: { latitude: 13.7466, longitude: 100.5393 },
  orderRadiusKm: 1,
  locationCheck: true,
  barOnlineOrdering: false,
  hours: {
    cafe: { open: 9, close: 16, label: 'Cafe: every working day 9:00 - 16:00' },
    bar: { weekday: 5, open: 15, close: 18, label: 'Bar: Friday 15:00 - 18:00' },
    fridayCafeCutoffHour: 12,
  },
  // 65 bytes (an uncompressed P-256 point) as base64url.
  webPushPublicKey: 'B'.padEnd(87, 'A'),
  singleSignOn: null,
};

interface Seed {
  settings: PublicSettings | null;
  /** null: nobody signed in; undefined: unknown, start-up has to find out. */
  me: Me | null | undefined;
  status: CafeStatus | undefined;
}

/** A visitor, the test settings, the venue state still to be fetched. */
const DEFAULT_SEED: Seed = { settings: TEST_SETTINGS, me: null, status: undefined };

/** What the next rendered query cache starts with (set by the helpers below, reset after each test). */
let seed: Seed = { ...DEFAULT_SEED };

/** Back to a visitor with the test settings, after each test (shared-graph.ts: in a shared module graph too). */
export function resetSeed(): void {
  seed = { ...DEFAULT_SEED };
}
afterEach(resetSeed);

/** Starts the next render with other settings, or none (null: the app has to fetch them). */
export function seedSettings(settings: Partial<PublicSettings> | null): void {
  seed.settings = settings === null ? null : { ...TEST_SETTINGS, ...settings };
}

/** The cache as a fresh page load has it: empty, so start-up fetches the settings, the person and the venue state. */
export function seedColdStart(): void {
  seed = { settings: null, me: undefined, status: undefined };
}

/** Signs a person in as start-up would: the profile and the venue state in the query cache. */
export function signIn(user: Partial<Me> & Partial<CafeStatus> = {}): void {
  const { isCafeOpen = true, isBarOpen = false, ...me } = user;
  seed.me = { id: 7, email: 'mali@example.com', name: 'Mali', role: 'user', ...me };
  seed.status = { isCafeOpen, isBarOpen };
}

/** Nobody signed in, with a known venue state. */
export function signOut(venue: CafeStatus = { isCafeOpen: true, isBarOpen: false }): void {
  seed.me = null;
  seed.status = venue;
}

/**
 * A fresh query cache without retries, seeded with the settings, the person and the venue state.
 * Answers stay fresh until a test or the screen invalidates them, so a render asks the fake API
 * only for what it does not have yet.
 */
export function createTestQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  if (seed.settings) queryClient.setQueryData(settingsQueryOptions().queryKey, seed.settings);
  if (seed.me !== undefined) queryClient.setQueryData(meQueryOptions().queryKey, seed.me);
  if (seed.status) queryClient.setQueryData(cafeStatusQueryOptions().queryKey, seed.status);
  return queryClient;
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

/** Renders `routes` in a memory router at `entry` with a fresh, seeded query cache. */
export function renderRoutes(routes: RouteObject[], entry: string | { pathname: string; state?: unknown } = '/') {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders one screen at `path` matched by `pattern`; any other address shows "Somewhere else". */
export function renderRoute(Screen: ComponentType, pattern: string, path: string) {
  return renderRoutes(
    [
      { path: pattern, Component: Screen },
      { path: '*', element: <p>Somewhere else</p> },
    ],
    path,
  );
}

/** Renders inside a fresh, seeded query cache and a memory router (kept on rerender). */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        {children}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper }), queryClient };
}
