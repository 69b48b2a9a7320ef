import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { mockApi, renderRoute } from '@/test/render';
import { MenuManagementRoute } from './menu-management-route';

afterEach(() => vi.unstubAllGlobals());

const categories = [
  { id: 1, name: 'Coffee', categoryFor: 'cafe', kind: 'coffee', isAvailable: 'available', menu: [] },
  { id: 5, name: 'Cocktails', categoryFor: 'bar', kind: 'other', isAvailable: 'available', menu: [] },
];

describe('Menu Management', () => {
  it('lists the categories with their venue and offers edits only while both venues are closed', async () => {
    mockApi({ 'GET /category': categories, 'GET /cafe-status': { isCafeOpen: true, isBarOpen: false } });
    renderRoute(MenuManagementRoute, '/menuManagement', '/menuManagement');
    expect(await screen.findByRole('link', { name: /Coffee/ })).toHaveAttribute('href', '/menuManagement/Coffee/1');
    expect(screen.getByRole('link', { name: /Cocktails/ })).toHaveTextContent('Bar');
    expect(screen.getByRole('link', { name: 'Add category' })).toHaveAttribute('href', '/add-category');
    expect(screen.queryByRole('link', { name: 'Edit category Coffee' })).not.toBeInTheDocument();
  });

  it('shows the edit icons when the cafe and the bar are both closed', async () => {
    mockApi({ 'GET /category': categories, 'GET /cafe-status': { isCafeOpen: false, isBarOpen: false } });
    renderRoute(MenuManagementRoute, '/menuManagement', '/menuManagement');
    expect(await screen.findByRole('link', { name: 'Edit category Coffee' })).toHaveAttribute(
      'href',
      '/edit-category/1',
    );
    expect(screen.getByRole('link', { name: 'Edit category Cocktails' })).toBeInTheDocument();
  });
});

describe('Menu Management in Thai', () => {
  it('lists the categories in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    mockApi({ 'GET /category': categories, 'GET /cafe-status': { isCafeOpen: false, isBarOpen: false } });
    renderRoute(MenuManagementRoute, '/menuManagement', '/menuManagement');
    expect(await screen.findByRole('link', { name: 'แก้ไขหมวดหมู่ Coffee' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'จัดการเมนู' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Cocktails/ })).toHaveTextContent('บาร์0 รายการ');
    expect(screen.getByRole('link', { name: 'เพิ่มหมวดหมู่' })).toHaveAttribute('href', '/add-category');
    expect(screen.queryByText('Menu Management')).not.toBeInTheDocument();
    expect(screen.queryByText('Add category')).not.toBeInTheDocument();
  });
});
