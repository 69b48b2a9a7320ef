import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { apiError, mockApi, renderWithProviders, signIn, signOut } from '@/test/render';
import { CloseAllRoute } from './close-all-route';
import { TeamCreditRoute } from './team-credit-route';
import { UnauthorizedRoute } from './unauthorized-route';

describe('the information pages in Thai', () => {
  beforeEach(async () => {
    await loadEverything('th');
    i18n.activate('th');
  });

  it('says in Thai that both venues are closed', async () => {
    mockApi({ 'GET /schedule': apiError(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable') });
    renderWithProviders(<CloseAllRoute />);
    expect(screen.getByRole('heading', { name: 'ขออภัย ตอนนี้ทั้งคาเฟ่และบาร์ปิดอยู่' })).toBeInTheDocument();
    expect(screen.getByText('หน้านี้จะเปลี่ยนไปเองเมื่อคาเฟ่หรือบาร์เปิด')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'เวลาเปิดทำการ' })).toBeInTheDocument();
    expect(screen.queryByText(/Sorry, both the cafe and bar/)).toBeNull();
  });

  it('presents the team in Thai, names as they are', () => {
    signIn({ role: 'user' });
    renderWithProviders(<TeamCreditRoute />);
    expect(screen.getByRole('heading', { name: 'รู้จักทีมงาน' })).toBeInTheDocument();
    expect(screen.getByText('Mali Chaiyaporn')).toBeInTheDocument();
    expect(screen.getByText('หัวหน้าบาริสต้า')).toBeInTheDocument();
    expect(screen.queryByText('Head Barista')).toBeNull();
    expect(screen.getByRole('link', { name: 'กลับไปที่ออเดอร์ของฉัน' })).toHaveAttribute('href', '/statusOrder');
  });

  it('denies a page in Thai', () => {
    signOut();
    renderWithProviders(<UnauthorizedRoute />);
    expect(screen.getByRole('heading', { name: 'คุณเปิดหน้านี้ไม่ได้' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ไปหน้าเข้าสู่ระบบ' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText("You can't open this page")).toBeNull();
  });
});
