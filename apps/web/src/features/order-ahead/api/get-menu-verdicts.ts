import type { CategoryFor, MenuVerdicts } from '@cafe/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiServerChecked } from '@/lib/api-client';

/** Every venue's and site's verdicts: read again together when something they depend on changes. */
export const menuVerdictsRootKey = ['ordering', 'verdicts'] as const;

/**
 * GET /menu/verdicts: the ordering door's verdict on every item of a venue's menu for the person
 * (docs/api/menu-and-options.md). Read with the menu, a first screen, so not parsed again here.
 * The hours, the Friday cut-off and the end of a sold-out turn with the clock, not with an event:
 * it is read again every minute while a screen shows it. They are the person's (their e-mail
 * confirmed or not, their home site, what they avoid, their day's count): read again each time a
 * screen that shows them opens, never taken from before (a person who just confirmed their address).
 */
export const menuVerdictsQueryOptions = (venue: CategoryFor, siteId?: number) =>
  queryOptions({
    queryKey: [...menuVerdictsRootKey, venue, siteId ?? null] as const,
    queryFn: ({ signal }) => apiServerChecked<MenuVerdicts>('/menu/verdicts', { query: { venue, siteId }, signal }),
    refetchInterval: 60_000,
    refetchOnMount: 'always',
  });
