import { describe, expect, it } from 'vitest';
import {
  runDrinksAllGone,
  runJoinRefusal,
  runLabel,
  runOpenAlreadyRefusal,
  runSiteRefusal,
  runState,
  runTimesRefusal,
  runWithdrawRefusal,
} from '../src';
import { thai, worded } from './people';

const at = (time: string) => new Date(`2026-11-18T${time}:00+07:00`);
const iso = (time: string) => at(time).toISOString();
const open = { closesAt: iso('10:40'), closedAt: null };

describe('the coffee run rules', () => {
  it('is open until its closing time or its runner closes it; dropped when closed without a drink', () => {
    expect(runState({ ...open, drinks: 0 }, at('10:39'))).toBe('open');
    expect(runState({ ...open, drinks: 2 }, at('10:40'))).toBe('closed');
    expect(runState({ ...open, drinks: 0 }, at('10:40'))).toBe('dropped');
    expect(runState({ ...open, closedAt: iso('10:10'), drinks: 1 }, at('10:11'))).toBe('closed');
  });

  it('starts at a site with a cafe, closing after now and no later than the pickup, one open run per runner', () => {
    // In the order the door asks them (the slot between the site and the times; the open run under
    // the runner's lock).
    const start = (
      overrides: Partial<{
        site: { name: string; venues: { cafe: boolean } };
        pickupAt: string;
        closesAt: string;
        openRunsOfRunnerHere: number;
      }> = {},
    ) => {
      const input = {
        site: { name: 'Head office', venues: { cafe: true } },
        pickupAt: iso('10:45'),
        closesAt: iso('10:45'),
        openRunsOfRunnerHere: 0,
        ...overrides,
      };
      return worded(
        runSiteRefusal(input.site) ??
          runTimesRefusal(input, at('10:00')) ??
          runOpenAlreadyRefusal(input.openRunsOfRunnerHere),
      );
    };
    expect(start()).toBeNull();
    expect(start({ site: { name: 'Rooftop', venues: { cafe: false } } })).toEqual({
      status: 409,
      code: 'RUN_CAFE_ONLY',
      message: 'Rooftop has no cafe, so a coffee run cannot start there. Choose another site.',
    });
    expect(start({ closesAt: iso('10:46') })?.code).toBe('RUN_TIMES');
    expect(start({ closesAt: iso('10:00') })?.code).toBe('RUN_TIMES');
    expect(start({ openRunsOfRunnerHere: 1 })?.code).toBe('RUN_OPEN_ALREADY');
  });

  it('takes one cafe drink per person while open, and a withdrawal only while open', () => {
    const join = (now: string, venue: 'cafe' | 'bar' = 'cafe', joined = false) =>
      runJoinRefusal({ run: open, now: at(now), venue, joined })?.code ?? null;
    expect(join('10:39')).toBeNull();
    expect(join('10:40')).toBe('RUN_CLOSED');
    expect(join('10:39', 'bar')).toBe('RUN_CAFE_ONLY');
    expect(join('10:39', 'cafe', true)).toBe('RUN_JOINED');
    expect(runWithdrawRefusal(open, at('10:39'))).toBeNull();
    const refused = runWithdrawRefusal({ ...open, closedAt: iso('10:20') }, at('10:21'));
    expect(refused?.code).toBe('RUN_CLOSED');
    expect(thai(refused!.text)).toContain('ปิดแล้ว');
  });

  it('is over once every drink of it left the counter, and says so to a late joiner', () => {
    expect(runDrinksAllGone(['picked', 'picked'])).toBe(true);
    expect(runDrinksAllGone(['picked', 'uncollected', 'cancel', 'rejected'])).toBe(true);
    expect(runDrinksAllGone(['picked', 'done'])).toBe(false);
    expect(runDrinksAllGone(['picked', 'scheduled'])).toBe(false);
    // Nothing collected: not over (an empty or withdrawn-only run is still open or dropped).
    expect(runDrinksAllGone([])).toBe(false);
    expect(runDrinksAllGone(['cancel'])).toBe(false);
    const collected = { ...open, closedAt: iso('10:10') };
    const late = runJoinRefusal({ run: collected, now: at('10:11'), venue: 'cafe', joined: false, over: true });
    expect(late).toMatchObject({ status: 409, code: 'RUN_CLOSED', text: { id: 'people.refusal.runOver' } });
    expect(thai(late!.text)).toContain('จบแล้ว');
  });

  it('labels a drink by its place in the run', () => {
    expect(runLabel('Ann', 2, 5)).toBe('Ann (2/5)');
  });
});
