import { describe, expect, it } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { canChangeShopStatus, laterCancelledText, laterOrdersCancelledBy, shopChoiceInfo } from './shop-status';

describe('shop status selector rule', () => {
  it('shows the selector when nothing is waiting or in progress', () => {
    expect(canChangeShopStatus('cafe-open', [])).toBe(true);
    expect(canChangeShopStatus('bar-open', [])).toBe(true);
  });

  it('hides it while orders are waiting or being made', () => {
    expect(canChangeShopStatus('cafe-open', [makeOrder({ status: 'ordered' })])).toBe(false);
    expect(canChangeShopStatus('cafe-open', [makeOrder({ status: 'in-progress' })])).toBe(false);
  });

  it('always shows it when everything is closed', () => {
    expect(canChangeShopStatus('all-close', [makeOrder({ status: 'ordered' })])).toBe(true);
  });

  it('has the confirmation texts of the specification', () => {
    expect(shopChoiceInfo('cafe-open')).toMatchObject({ title: 'Open Cafe', text: 'Click confirm to open cafe' });
    expect(shopChoiceInfo('bar-open')).toMatchObject({ title: 'Open Bar', text: 'Click confirm to open bar' });
    expect(shopChoiceInfo('close-both')).toMatchObject({
      title: 'Close Cafe and Bar',
      text: 'Click confirm to close cafe and bar',
    });
  });
});

describe('orders for later a choice cancels', () => {
  const CAFE_OPEN = { isCafeOpen: true, isBarOpen: false };
  const today = '2026-11-18';
  const zone = 'Asia/Bangkok';
  const later = [
    makeOrder({ status: 'scheduled', pickupAt: '2026-11-18T08:00:00.000Z' }),
    // 00:30 on the 19th in Bangkok: tomorrow's, though still the 18th in UTC.
    makeOrder({ status: 'scheduled', pickupAt: '2026-11-18T17:30:00.000Z' }),
    makeOrder({ status: 'scheduled', pickupAt: '2026-11-18T09:00:00.000Z', categoryFor: 'bar' }),
  ];

  it("counts today's orders for later of the venues the choice closes, on the site's calendar", () => {
    expect(laterOrdersCancelledBy('close-both', CAFE_OPEN, later, today, zone)).toBe(1);
    expect(laterOrdersCancelledBy('bar-open', CAFE_OPEN, later, today, zone)).toBe(1);
    expect(laterOrdersCancelledBy('close-both', { isCafeOpen: true, isBarOpen: true }, later, today, zone)).toBe(2);
    expect(laterOrdersCancelledBy('cafe-open', { isCafeOpen: false, isBarOpen: false }, later, today, zone)).toBe(0);
  });

  it('does not know them before the Later lane is read, and says so only when a venue closes', () => {
    expect(laterOrdersCancelledBy('close-both', CAFE_OPEN, undefined, today, zone)).toBeNull();
    expect(laterOrdersCancelledBy('cafe-open', { isCafeOpen: false, isBarOpen: false }, undefined, today, zone)).toBe(
      0,
    );
    expect(laterCancelledText(null)).toBe('Any orders for later today will be cancelled.');
    expect(laterCancelledText(0)).toBeNull();
    expect(laterCancelledText(3)).toBe('3 orders for later today will be cancelled.');
  });
});
