import {
  TimesByHourRowSchema,
  CountSchema,
  CountTotalQuerySchema,
  CupsSavedStatsSchema,
  MyCupsSavedSchema,
  OrdersByHourRowSchema,
  OrdersByWeekdayRowSchema,
  PopularMenuRowSchema,
  PopularOptionRowSchema,
  PreparationTimeSchema,
  PrepTimesSchema,
  StatsQuerySchema,
  UNCOLLECTED_PEOPLE_DEFAULT,
  UNCOLLECTED_PEOPLE_MAX,
  UncollectedPeopleQuerySchema,
  UncollectedPersonRowSchema,
  UncollectedStatsSchema,
} from '@cafe/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAuth, requireRole } from '../../plugins/auth';
import { errorResponses, guardedRoutes } from '../../plugins/openapi';
import type { StatsService } from './stats.service';

const guarded = guardedRoutes(['stats']);
const PERIOD =
  'startDate (inclusive) and endDate (exclusive) are calendar days YYYY-MM-DD, each site in its own time zone; ' +
  'only served orders (done, picked) count. siteId names one site; without it an admin gets every site ' +
  "together (each order on its own site's day) and a barista their own site.";

const errors = errorResponses({
  400: 'VALIDATION: a bad date or siteId, or startDate after endDate',
  401: 'UNAUTHENTICATED',
  403: "FORBIDDEN: baristas and admins only; a barista's siteId must be a site they work at",
  404: 'NOT_FOUND: no site has that siteId',
  409: 'SITE_ARCHIVED: the site named by siteId is archived',
});

// The /order/... paths sit beside the orders module's /order/:id; static segments win in Fastify.
export const statsRoutes: FastifyPluginAsyncZod<{ stats: StatsService }> = async (app, { stats }) => {
  const staff = requireRole('barista', 'admin');

  /** Every statistic is a staff-only GET of a period query; the route options differ only in these. */
  const statistic = <Query extends z.ZodType, Result extends z.ZodType>(
    doc: { summary: string; description: string },
    querystring: Query,
    result: Result,
    guard = staff,
    refusals = errors,
  ) => guarded(guard, { ...doc, querystring, response: { 200: result, ...refusals } });

  app.get(
    '/order/count/total',
    statistic(
      { summary: 'Number of served orders of a venue in a period', description: PERIOD },
      CountTotalQuerySchema,
      CountSchema,
    ),
    async (request) => stats.countTotal(currentUser(request), request.query),
  );

  app.get(
    '/order/find/popular-menu',
    statistic(
      {
        summary: 'Menu items ranked by served orders in a period',
        description: `${PERIOD} Most ordered first, ties by name; deleted items still count.`,
      },
      StatsQuerySchema,
      z.array(PopularMenuRowSchema),
    ),
    async (request) => stats.popularMenu(currentUser(request), request.query),
  );

  app.get(
    '/stats/popular-options',
    statistic(
      {
        summary: 'The ten drink options most chosen on served orders in a period',
        description: `${PERIOD} By the group and choice names the orders kept; most chosen first, ties by name.`,
      },
      StatsQuerySchema,
      z.array(PopularOptionRowSchema),
    ),
    async (request) => stats.popularOptions(currentUser(request), request.query),
  );

  app.get(
    '/stats/orders-by-hour',
    statistic(
      {
        summary: "Served orders per hour of the day (the site's time), all 24 hours",
        description: `${PERIOD} The hour is when the order was placed.`,
      },
      StatsQuerySchema,
      z.array(OrdersByHourRowSchema),
    ),
    async (request) => stats.ordersByHour(currentUser(request), request.query),
  );

  app.get(
    '/stats/times-by-hour',
    statistic(
      {
        summary: "Average wait (placed -> taken) and preparation (taken -> done) by hour of the day (the site's time)",
        description: `${PERIOD} The hour is when the order was placed; null where nothing placed that hour was taken.`,
      },
      StatsQuerySchema,
      z.array(TimesByHourRowSchema),
    ),
    async (request) => stats.timesByHour(currentUser(request), request.query),
  );

  app.get(
    '/stats/orders-by-weekday',
    statistic(
      {
        summary: "Served orders per weekday (0 = Sunday, the site's calendar), all 7 days",
        description: `${PERIOD} The weekday is when the order was placed.`,
      },
      StatsQuerySchema,
      z.array(OrdersByWeekdayRowSchema),
    ),
    async (request) => stats.ordersByWeekday(currentUser(request), request.query),
  );

  app.get(
    '/stats/preparation-time',
    statistic(
      {
        summary: 'Average time from in-progress to done',
        description:
          "Over the orders placed in the period (each site's days, startDate inclusive, endDate exclusive) that " +
          'went from in-progress to done; averageSeconds is null when there are none. siteId as for the other ' +
          'statistics.',
      },
      StatsQuerySchema,
      PreparationTimeSchema,
    ),
    async (request) => stats.preparationTime(currentUser(request), request.query),
  );

  app.get(
    '/stats/prep-times',
    statistic(
      {
        summary: "Preparation times against the site's target: median, 90th percentile and drinks over it",
        description:
          `${PERIOD} Each drink's time is from its last move to in-progress to its last move to done; a drink is ` +
          "over when it took longer than its site's target (prepTargetMinutes of GET /sites/{siteId}/pickup). " +
          'In all, per drink, per hour placed and per barista who marked it done (a barista gets only their own ' +
          'row there). The median of an even count is the mean of the middle two; the 90th percentile is the ' +
          'nearest rank.',
      },
      StatsQuerySchema,
      PrepTimesSchema,
    ),
    async (request) => stats.prepTimes(currentUser(request), request.query),
  );

  app.get(
    '/stats/uncollected',
    statistic(
      {
        summary: 'Drinks nobody collected in a period, in all and per site, beside the served ones',
        description:
          'startDate (inclusive) and endDate (exclusive) are calendar days YYYY-MM-DD, each site in its own time ' +
          'zone, matched against the day the order was placed; categoryFor and siteId as for the other statistics. ' +
          '`total` counts orders whose status is uncollected (never counted as served), `served` the done and ' +
          "picked ones. bySite: the one site asked for (a barista's own without siteId), or for an admin without " +
          'siteId every site not archived plus each archived site that had orders in the period, in the order of ' +
          'GET /sites.',
      },
      StatsQuerySchema,
      UncollectedStatsSchema,
    ),
    async (request) => stats.uncollected(currentUser(request), request.query),
  );

  app.get(
    '/stats/cups-saved',
    statistic(
      {
        summary:
          "Cups saved in a period: drinks picked up in their owner's own tumbler, with the waste and CO2e avoided",
        description:
          'startDate (inclusive) and endDate (exclusive) are calendar days YYYY-MM-DD, each site in its own time zone, ' +
          'matched against the day the order was placed; categoryFor and siteId as for the other statistics. A cup ' +
          "saved is an order served into its owner's own cup (the tumbler photo of an online cafe order, or the " +
          "barista's own-cup mark on a walk-up) whose status is picked; cancelled, rejected, uncollected, waiting and " +
          'done-but-not-picked-up drinks save nothing. wasteGrams and co2Grams are cups times the factors ' +
          '(settings CUPS_WASTE_GRAMS and CUPS_CO2_GRAMS, docs/cups-saved.md), rounded to hundredths. bySite: every ' +
          "site with a cup saved, in the order of GET /sites; byMonth: YYYY-MM of each site's calendar, earliest " +
          "first; byTeam: the owner's team now (null: none; a guest's walk-up counts under the barista who entered " +
          'it), most first, ties by name, no team last.',
      },
      StatsQuerySchema,
      CupsSavedStatsSchema,
    ),
    async (request) => stats.cupsSaved(currentUser(request), request.query),
  );

  app.get(
    '/order/cups-saved/user',
    guarded(requireAuth, {
      summary: 'Your cups saved: this month and all time',
      description:
        "Your orders picked up in your own tumbler. thisMonth: those placed in the current calendar month of your home site's " +
        "clock (each on its own site's day); a guest's walk-up a barista entered is not the barista's. factors: what one cup " +
        'stands for (docs/cups-saved.md).',
      response: { 200: MyCupsSavedSchema, ...errorResponses({ 401: 'UNAUTHENTICATED' }) },
    }),
    async (request) => stats.myCupsSaved(currentUser(request)),
  );

  app.get(
    '/stats/uncollected/people',
    statistic(
      {
        summary: 'The people who left the most drinks uncollected in a period (admins only)',
        description:
          `Period, categoryFor and siteId as for /stats/uncollected. At most limit people (1..${UNCOLLECTED_PEOPLE_MAX}, ` +
          `default ${UNCOLLECTED_PEOPLE_DEFAULT}), most uncollected first, ties by name, then id; served is the same ` +
          "person's done and picked orders of the period. Guests' walk-up orders belong to nobody here. Baristas get " +
          '403: this is personal data about their colleagues (docs/decisions/0050-uncollected-statistics.md).',
      },
      UncollectedPeopleQuerySchema,
      z.array(UncollectedPersonRowSchema),
      requireRole('admin'),
      errorResponses({
        400: 'VALIDATION: a bad date, siteId or limit, or startDate after endDate',
        401: 'UNAUTHENTICATED',
        403: 'FORBIDDEN: admins only',
        404: 'NOT_FOUND: no site has that siteId',
        409: 'SITE_ARCHIVED: the site named by siteId is archived',
      }),
    ),
    async (request) => stats.uncollectedPeople(currentUser(request), request.query),
  );
};
