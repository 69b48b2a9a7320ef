import { describe, expect, it } from 'vitest';
import { makeOrder } from '@/features/barista/test/fixtures';
import { canChangeShopStatus, shopChoiceInfo } from './shop-status';

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
