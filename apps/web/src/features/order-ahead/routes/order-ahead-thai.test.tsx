import type { Category, OrderingStatus } from '@cafe/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { CafeOrderForm } from '@/features/order-ahead/components/cafe-order-form';
import { OrderCard } from '@/features/order-ahead/components/order-card';
import { OrderSummaryDialog } from '@/features/order-ahead/components/order-summary-dialog';
import { OrderingPausedNotice } from '@/features/order-ahead/components/ordering-paused-notice';
import { formatDistance } from '@/features/order-ahead/lib/geolocation';
import { doorRefusal, makeOrder, menuVerdicts, REFUSED } from '@/features/order-ahead/test/fixtures';
import { mockApi, renderWithProviders, signIn } from '@/test/render';
import { MenuBarRoute } from './menu-bar-route';
import { MenuCafeRoute } from './menu-cafe-route';
import { OrderHistoryRoute } from './order-history-route';
import { StatusOrderRoute } from './status-order-route';

const item = (id: number, name: string, categoryId: number, isActive: 'active' | 'inactive' = 'active') => ({
  id,
  name,
  description: '-',
  category_id: categoryId,
  isActive,
  isAvailable: 'available' as const,
});

const CAFE: Category[] = [
  {
    id: 1,
    name: 'Coffee',
    categoryFor: 'cafe',
    kind: 'coffee',
    isAvailable: 'available',
    menu: [item(1, 'Latte', 1), item(2, 'Mocha', 1, 'inactive')],
  },
];
const BAR: Category[] = [
  {
    id: 10,
    name: 'Cocktails',
    categoryFor: 'bar',
    kind: 'other',
    isAvailable: 'available',
    menu: [item(21, 'Mojito', 10)],
  },
];

describe('ordering ahead in Thai', () => {
  beforeEach(async () => {
    await loadEverything('th');
    i18n.activate('th');
  });

  it('shows the cafe menu in Thai, the drinks as they are named', async () => {
    signIn({ id: 5, role: 'user' });
    const soldOut = doorRefusal('MENU_UNAVAILABLE', 'people.refusal.soldOutUntil', {
      item: 'Cocoa',
      site: 'Head office',
      time: '14:00',
    });
    const menu = [{ ...CAFE[0]!, menu: [...CAFE[0]!.menu, item(3, 'Cocoa', 1)] }];
    mockApi({
      'GET /category': menu,
      'GET /order/count/user': { totalOrder: 1 },
      'GET /menu/verdicts': menuVerdicts(menu, {
        items: { 2: { now: REFUSED.inactive, later: REFUSED.inactive }, 3: { now: soldOut, later: soldOut } },
      }),
    });
    renderWithProviders(<MenuCafeRoute />);
    expect(screen.getByRole('heading', { name: 'เมนูคาเฟ่' })).toBeInTheDocument();
    expect(screen.queryByText('Cafe Menu')).toBeNull();
    expect(await screen.findByText('สั่งแล้ว 1/2')).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'หมวดหมู่ของคาเฟ่' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Latte/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Mocha/ })).toHaveTextContent('ไม่พร้อมให้บริการ');
    expect(screen.queryByText('Unavailable')).toBeNull();
    // The door's reason in a few words, with the time it gives.
    expect(screen.getByRole('button', { name: /Cocoa/ })).toHaveTextContent('หมดถึง 14:00 น.');
  });

  it('shows the bar menu and its house rules in Thai', async () => {
    signIn({ id: 5, role: 'user', isCafeOpen: false, isBarOpen: true });
    mockApi({ 'GET /category': BAR });
    renderWithProviders(<MenuBarRoute />);
    const rules = screen.getByRole('dialog', { name: 'ก่อนสั่งเครื่องดื่มที่บาร์' });
    expect(rules).toHaveTextContent('แก้วค็อกเทล');
    expect(rules).not.toHaveTextContent('Glass-breaking fines apply');
    await userEvent.click(screen.getByRole('button', { name: 'รับทราบ' }));
    expect(screen.getByRole('heading', { name: 'เมนูบาร์' })).toBeInTheDocument();
    expect(await screen.findByText('Mojito')).toBeInTheDocument();
  });

  it('asks for what is missing on the order form in Thai', async () => {
    renderWithProviders(<CafeOrderForm menuId={3} menuName="Latte" onNext={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'ถัดไป' }));
    expect(await screen.findByText('กรุณาเพิ่มรูปแก้วของคุณ')).toBeInTheDocument();
    expect(screen.getByText('กรุณาตรวจสอบออเดอร์ของคุณ')).toBeInTheDocument();
    expect(screen.queryByText('Add a photo of your tumbler')).toBeNull();
    expect(screen.getByRole('button', { name: 'อัปโหลดรูป' })).toBeInTheDocument();
  });

  it('sums the order up in Thai before it is placed', () => {
    renderWithProviders(
      <OrderSummaryDialog
        open
        onOpenChange={vi.fn()}
        draft={{
          venue: 'cafe',
          menu_id: 3,
          menu_name: 'Latte',
          type: 'cold',
          sweetness: 75,
          remark: '-',
          tumblerImage: '/api/images/cup.jpg',
        }}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'รายการที่คุณสั่ง' });
    expect(dialog).toHaveTextContent('ความหวาน');
    expect(dialog).toHaveTextContent('ไม่มี');
    expect(dialog).not.toHaveTextContent('Additional request');
    expect(screen.getByRole('button', { name: 'ยืนยันการสั่ง' })).toBeInTheDocument();
  });

  it('shows a waiting order with its queue and wait in Thai', () => {
    renderWithProviders(<OrderCard order={makeOrder({ queue_at: 3, estimatedWaitMinutes: 6 })} onCancel={vi.fn()} />);
    expect(screen.getByText('ลำดับคิว: 2')).toBeInTheDocument();
    expect(screen.getByText('เวลารอโดยประมาณ: ราว 6 นาที')).toBeInTheDocument();
    expect(screen.getByText('ความหวาน 50%')).toBeInTheDocument();
    expect(screen.getByText('รอคิว')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ยกเลิก' })).toBeInTheDocument();
    expect(screen.queryByText(/Queue no/)).toBeNull();
  });

  it('shows My Order in Thai', async () => {
    signIn({ id: 7, role: 'user' });
    mockApi({
      'GET /order/my-queue': [makeOrder({ queue_at: 1 }), makeOrder({ id: 2, status: 'done', queue_at: null })],
      'GET /order/count/user': { totalOrder: 1 },
      'GET /order/history/user': [],
    });
    renderWithProviders(<StatusOrderRoute />);
    // The screen's title and the Pick Up button, English until issue 47.
    expect(screen.getByText('ออเดอร์ของฉัน')).toBeInTheDocument();
    expect(screen.queryByText('My Order')).toBeNull();
    expect(await screen.findByRole('button', { name: 'รับแล้ว' })).toBeInTheDocument();
    expect(screen.getByText('กด "รับแล้ว" หลังรับแก้วของคุณ')).toBeInTheDocument();
    expect(screen.queryByText(/Pick Up/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'ออเดอร์วันนี้' })).toBeInTheDocument();
    expect(screen.queryByText("Today's orders")).toBeNull();
    expect(await screen.findByText('ถึงคิวของคุณแล้ว!')).toBeInTheDocument();
    expect(await screen.findByText(/วันนี้สั่งได้อีก/)).toHaveTextContent('วันนี้สั่งได้อีก: 1');
    expect(screen.getByText('วันนี้ยังไม่มีเครื่องดื่มที่รับแล้วหรือยกเลิก')).toBeInTheDocument();
  });

  it('shows an empty history in Thai', async () => {
    signIn({ id: 7, role: 'user' });
    mockApi({ 'GET /order/history/user': [] });
    renderWithProviders(<OrderHistoryRoute />);
    expect(screen.getByRole('heading', { name: 'ประวัติการสั่ง' })).toBeInTheDocument();
    expect(await screen.findByText('คุณยังไม่มีประวัติการสั่ง')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'สั่งเครื่องดื่ม' })).toBeInTheDocument();
    expect(screen.queryByText('History')).toBeNull();
  });

  it('says in Thai why orders are paused, where the server says it in English', async () => {
    const busy: OrderingStatus = {
      paused: true,
      reason: 'queue',
      waiting: 10,
      estimatedWaitMinutes: 31,
      limits: { maxWaiting: 10, maxWaitMinutes: null },
      message: 'The cafe is very busy right now (about 31 min wait). Please try again in a few minutes.',
    };
    mockApi({ 'GET /ordering-status': busy });
    renderWithProviders(<OrderingPausedNotice />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ตอนนี้คาเฟ่ยุ่งมาก (รอประมาณ 31 นาที) กรุณาลองใหม่ในอีกไม่กี่นาที');
    expect(alert).not.toHaveTextContent('very busy');
  });

  it('writes distances with Thai units', () => {
    expect(formatDistance(3.2002)).toBe('3.2 กม.');
    expect(formatDistance(0.4567)).toBe('460 ม.');
  });
});
