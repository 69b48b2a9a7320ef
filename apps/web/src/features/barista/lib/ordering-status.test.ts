import { describe, expect, it } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { limitsText, parseLimit, pauseReasonText } from './ordering-status';

const limits = { maxWaiting: 15, maxWaitMinutes: 30 };
/** A queue at the limits. */
const queue = { limits, waiting: 15, estimatedWaitMinutes: 30 };

describe('busy mode texts', () => {
  it('says why online orders are paused', () => {
    expect(pauseReasonText({ ...queue, paused: false, reason: null })).toBeNull();
    expect(pauseReasonText({ ...queue, paused: true, reason: 'manual' })).toBe('Paused by a barista.');
    expect(pauseReasonText({ ...queue, paused: true, reason: 'queue' })).toMatch(/^Paused: 15 orders are waiting\./);
    expect(pauseReasonText({ ...queue, paused: true, reason: 'wait' })).toMatch(/^Paused: the wait reached 30 min\./);
  });

  it('counts what waits now, not the limit that was reached', () => {
    // Paused at 15; walk-up orders (never paused) made it 19, with a 41 minute wait.
    const grown = { ...queue, paused: true, waiting: 19, estimatedWaitMinutes: 41 };
    expect(pauseReasonText({ ...grown, reason: 'queue' })).toMatch(/^Paused: 19 orders are waiting\./);
    expect(pauseReasonText({ ...grown, reason: 'wait' })).toMatch(/^Paused: the wait reached 41 min\./);
  });

  it('sums up the limits', () => {
    expect(limitsText(limits)).toBe('Pauses at 15 waiting or a 30 min wait');
    expect(limitsText({ maxWaiting: null, maxWaitMinutes: 20 })).toBe('Pauses at a 20 min wait');
    expect(limitsText({ maxWaiting: null, maxWaitMinutes: null })).toBe('No automatic pause');
  });

  it('reads a limit as typed: empty for none, else a whole number in range', () => {
    expect(parseLimit('', 500)).toEqual({ value: null });
    expect(parseLimit(' 12 ', 500)).toEqual({ value: 12 });
    expect(parseLimit('0', 500)).toHaveProperty('error');
    expect(parseLimit('501', 500)).toHaveProperty('error');
    expect(parseLimit('1.5', 500)).toHaveProperty('error');
  });
});

describe('busy mode texts in Thai', () => {
  it('says why and when orders pause in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    expect(pauseReasonText({ ...queue, paused: true, reason: 'manual' })).toBe('บาริสต้าหยุดรับชั่วคราว');
    expect(limitsText(limits)).toBe('หยุดรับเมื่อมีออเดอร์รอ 15 รายการ หรือต้องรอ 30 นาที');
    expect(limitsText({ maxWaiting: null, maxWaitMinutes: null })).toBe('ไม่หยุดรับอัตโนมัติ');
  });
});
