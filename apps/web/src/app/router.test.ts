import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, PUBLIC_PATHS, ROLE_ROUTES, SIGNED_IN_PATHS } from '@/lib/paths';
import { RequireSignedIn } from './guards';

describe('the route table', () => {
  /**
   * Collects the paths of each role group of the router (children of a RequireRole element), and
   * of the group any signed-in person may open (children of RequireSignedIn) as "signed-in".
   */
  async function routerGroups() {
    const { routes } = await import('./router');
    const groups: Record<string, string[]> = {};
    const publicPaths: string[] = [];
    const walk = (list: RouteObject[], role: string | null) => {
      for (const route of list) {
        const element = route.element as { type?: unknown; props?: { role?: string } } | undefined;
        const groupRole = element?.type === RequireSignedIn ? 'signed-in' : (element?.props?.role ?? role);
        if (route.path && route.path !== '*') (groupRole ? (groups[groupRole] ??= []) : publicPaths).push(route.path);
        if (route.children) walk(route.children, groupRole);
      }
    };
    walk(routes, null);
    return { groups, publicPaths };
  }

  it('has exactly the role groups that paths.ts names', async () => {
    const { groups, publicPaths } = await routerGroups();
    for (const role of ['user', 'admin', 'barista'] as const) {
      expect([...(groups[role] ?? [])].sort()).toEqual([...ROLE_ROUTES[role]].sort());
    }
    expect([...(groups['signed-in'] ?? [])].sort()).toEqual([...SIGNED_IN_PATHS].sort());
    expect([...publicPaths].sort()).toEqual([...PUBLIC_PATHS].sort());
  });

  it('names every static path of paths.ts in the router', async () => {
    const { groups, publicPaths } = await routerGroups();
    const all = new Set([...publicPaths, ...Object.values(groups).flat()]);
    for (const value of [
      ...Object.values(paths.user),
      ...Object.values(paths.admin),
      ...Object.values(paths.barista),
    ]) {
      if (typeof value === 'string') expect(all.has(value), value).toBe(true);
    }
  });
});
