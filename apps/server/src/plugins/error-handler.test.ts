import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSweep, probesAs, ROLES, type Sweep } from '../test-support/bad-input';

/**
 * The bad-input sweep runs per area, beside each module (`<area>.bad-input.test.ts`). This checks
 * that the areas add up to the whole OpenAPI document: a new route is swept the day it is added.
 */
describe('bad input is swept on every operation', () => {
  let sweep: Sweep;
  beforeAll(async () => {
    sweep = await createSweep();
  });
  afterAll(() => sweep?.t.close());

  it('finds every operation in the OpenAPI document', () => {
    expect(sweep.endpoints.length).toBeGreaterThanOrEqual(33);
    expect(sweep.endpoints.some((e) => e.method === 'post' && e.path === '/api/order')).toBe(true);
  });

  it('tags every operation with one area that has its bad-input sweep beside its module', () => {
    const unswept = sweep.endpoints
      .filter((e) => {
        const area = e.op.tags?.length === 1 ? e.op.tags[0] : undefined;
        const sweepFile = new URL(`../modules/${area}/${area}.bad-input.test.ts`, import.meta.url);
        return !area || !existsSync(sweepFile);
      })
      .map((e) => `${e.method.toUpperCase()} ${e.path} (tags ${JSON.stringify(e.op.tags)})`);
    expect(unswept).toEqual([]);
  });

  it('sends more than 5000 probes over all the areas', () => {
    const probed = sweep.endpoints.reduce(
      (sum, e) => sum + ROLES.reduce((n, role) => n + probesAs(sweep, e, role).length, 0),
      0,
    );
    expect(probed).toBeGreaterThan(5000);
  });
});
