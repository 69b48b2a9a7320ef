import type { AuditEntry, AuditPage } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { tokenStorage } from '@/lib/storage-keys';
import { RawBody } from '@/test/fake-api';
import { apiError, mockApi, renderWithProviders, signIn, type RecordedCall } from '@/test/render';
import { AuditAdminRoute } from './audit-admin-route';

/*
 * Audit log (/audit-admin): an admin sees who changed what and when, with the fields before and
 * after, filters it, reads it a page at a time and downloads it as the server's CSV file.
 */

/** 10:02 in Bangkok (the test settings' cafe zone) on 18 November 2026. */
const AT = '2026-11-18T03:02:00.000Z';

function entry(id: number, rest: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: AT,
    actor: { id: 1, name: 'Ada Admin' },
    action: 'user.role',
    target: { type: 'user', id: '4', name: 'Somchai' },
    site: null,
    before: { role: 'user' },
    after: { role: 'barista' },
    ...rest,
  };
}

const ROLE_CHANGE = entry(30);
const SHOP_CLOSED = entry(29, {
  at: '2026-11-18T02:00:00.000Z',
  // The opening hours' change: the cafe's own, named the cafe timer.
  actor: { id: 2, name: 'cafe timer', system: true },
  action: 'shop.status',
  target: { type: 'site', id: '1', name: 'Head office' },
  site: { id: 1, name: 'Head office' },
  before: { isCafeOpen: false },
  after: { isCafeOpen: true },
});
const CLOSED_DAY = entry(28, {
  actor: { id: 3, name: 'Bea Barista' },
  action: 'schedule.closed-day.remove',
  target: { type: 'closed-day', id: '2026-12-25', name: null },
  site: { id: 1, name: 'Head office' },
  before: { day: '2026-12-25', note: 'Christmas' },
  after: null,
});
const WEEK = entry(27, {
  actor: { id: 3, name: 'Bea Barista' },
  action: 'schedule.weekly',
  target: { type: 'site', id: '2', name: 'Annex' },
  site: { id: 2, name: 'Annex' },
  before: { weekly: [{ venue: 'cafe', weekday: 1, opens: '09:00', closes: '16:00' }] },
  after: { weekly: [{ venue: 'cafe', weekday: 1, opens: '09:00', closes: '17:30' }] },
});
const OLDER = entry(5, {
  action: 'menu.category.create',
  target: { type: 'category', id: '9', name: 'Tea' },
  before: null,
  after: { name: 'Tea', categoryFor: 'cafe' },
});

const page = (entries: AuditEntry[], nextCursor: string | null = null): AuditPage => ({ entries, nextCursor });
const reads = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/audit');

/** The cells of an entry's row in the table, by the entry's id. */
function rowOf(id: number): string[] {
  const table = screen.getByRole('table', { name: 'Recorded changes, newest first' });
  const row = table.querySelector(`tr[data-entry="${id}"]`);
  if (!row) throw new Error(`no row for entry ${id}`);
  return [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '');
}

beforeEach(() => {
  signIn({ id: 1, name: 'Ada Admin', role: 'admin' });
  tokenStorage.save('access-1', 'refresh-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Audit log', () => {
  it('shows each change: when on the cafe clock, who, what, the target and before -> after', async () => {
    mockApi({ 'GET /audit': page([ROLE_CHANGE, SHOP_CLOSED, CLOSED_DAY, WEEK]) });
    renderWithProviders(<AuditAdminRoute />);
    expect(screen.getByRole('heading', { name: 'Audit log', level: 1 })).toBeInTheDocument();

    expect(await screen.findByRole('table', { name: 'Recorded changes, newest first' })).toBeInTheDocument();
    expect(rowOf(30)).toEqual([
      '18 Nov 2026 10:02',
      'Ada Admin',
      'Role changed',
      'Person Somchai',
      'role: user → changed to barista',
    ]);
    expect(rowOf(29)).toEqual([
      '18 Nov 2026 09:00',
      'cafe timer',
      'Shop opened or closed',
      'Site Head office',
      'isCafeOpen: false → changed to true',
    ]);
    // A closed day is named by its date, at its site; removed, it has no "after".
    expect(rowOf(28)).toEqual([
      '18 Nov 2026 10:02',
      'Bea Barista',
      'Closed day removed',
      'Closed day 25 Dec 2026at Head office',
      'day: 2026-12-25 → changed to removednote: Christmas → changed to removed',
    ]);
    expect(rowOf(27)[4]).toBe('weekly: cafe Mon 09:00-16:00 → changed to cafe Mon 09:00-17:30');

    // On a phone: a card per entry with the same facts.
    const cards = screen.getByRole('list', { name: 'Recorded changes, newest first' });
    const role = within(cards).getByRole('heading', { name: 'Role changed' }).closest('li')!;
    expect(role).toHaveTextContent('By Ada Admin');
    expect(role).toHaveTextContent('Person Somchai');
    expect(within(role).getByRole('list', { name: 'Before and after' })).toHaveTextContent(
      'role: user → changed to barista',
    );
  });

  it('loads the next page with the cursor on "Load more", then has no more', async () => {
    const { calls } = mockApi({
      'GET /audit': (call: RecordedCall) =>
        call.search.get('cursor') === 'page-2' ? page([OLDER]) : page([ROLE_CHANGE, SHOP_CLOSED], 'page-2'),
    });
    const user = userEvent.setup();
    renderWithProviders(<AuditAdminRoute />);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByText('Category added')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    // Something new has no "before": its fields as they became.
    expect(await screen.findByText('Category added', { selector: 'th' })).toBeInTheDocument();
    expect(rowOf(5)).toEqual([
      '18 Nov 2026 10:02',
      'Ada Admin',
      'Category added',
      'Category Tea',
      'name: TeacategoryFor: cafe',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(reads(calls).map((c) => c.search.get('cursor'))).toEqual([null, 'page-2']);
  });

  it('filters by kind of change and by days, both included, and refuses days the wrong way round', async () => {
    const { calls } = mockApi({ 'GET /audit': page([ROLE_CHANGE]) });
    const user = userEvent.setup();
    renderWithProviders(<AuditAdminRoute />);
    expect(await screen.findByRole('table')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of change' }), 'Shop status and busy mode');
    await waitFor(() => expect(reads(calls).at(-1)?.search.get('action')).toBe('shop'));
    await user.type(screen.getByLabelText('From'), '2026-11-10');
    await user.type(screen.getByLabelText('To'), '2026-11-18');
    await waitFor(() => {
      const last = reads(calls).at(-1)!.search;
      expect([last.get('action'), last.get('from'), last.get('to')]).toEqual(['shop', '2026-11-10', '2026-11-18']);
    });

    const asked = reads(calls).length;
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(
      'The last day must be the same as the first day or later.',
    );
    expect(reads(calls).every((c) => c.search.get('to') !== '2026-11-01')).toBe(true);
    expect(reads(calls).length).toBe(asked);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('combobox', { name: 'Kind of change' })).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.getByLabelText('To')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('downloads the CSV the server makes, with the access token and the filters, as audit-log.csv', async () => {
    const csv = '\uFEFFat,actor,action,target,site,before,after\r\n';
    const { calls } = mockApi({
      'GET /audit': page([ROLE_CHANGE]),
      'GET /audit/export': new RawBody('text/csv; charset=utf-8', csv),
    });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: () => {} }),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderWithProviders(<AuditAdminRoute />);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of change' }), 'People');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toEqual(['audit-log.csv']));
    const exports = calls.filter((c) => c.path === '/audit/export');
    expect(exports).toHaveLength(1);
    expect(exports[0]!.headers.Authorization).toBe('Bearer access-1');
    expect(exports[0]!.search.get('action')).toBe('user');
    expect(blobs[0]!.type).toMatch(/^text\/csv/);
    // Saved as it came, the byte order mark for spreadsheets included.
    expect(blobs[0]!.size).toBe(new TextEncoder().encode(csv).length);
    expect(await textOf(blobs[0]!)).toBe(csv.slice(1));
  });

  it('says when the export fails, when nothing is recorded, and when the log cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer: unknown = page([]);
    mockApi({
      'GET /audit': () => answer,
      'GET /audit/export': apiError(503, 'INTERNAL', 'The database is busy. Try again in a moment.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<AuditAdminRoute />);
    expect(await screen.findByText('No changes recorded.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The database is busy. Try again in a moment.')).toBeInTheDocument();

    answer = apiError(500, 'INTERNAL');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of change' }), 'Sites');
    expect(await screen.findByText('The audit log could not be loaded.')).toBeInTheDocument();
  });
});

describe('Audit log in Thai', () => {
  it('shows the screen, the actions and the cafe timer in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    mockApi({ 'GET /audit': page([ROLE_CHANGE, SHOP_CLOSED]) });
    renderWithProviders(<AuditAdminRoute />);
    expect(screen.getByRole('heading', { name: 'บันทึกการดูแลระบบ', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'การเปลี่ยนแปลงที่บันทึกไว้ ล่าสุดก่อน' })).toBeInTheDocument();
    expect(screen.getAllByText('เปลี่ยนบทบาท').length).toBeGreaterThan(0);
    const shopRow = screen
      .getByRole('table', { name: 'การเปลี่ยนแปลงที่บันทึกไว้ ล่าสุดก่อน' })
      .querySelector('tr[data-entry="29"]');
    expect(shopRow?.querySelectorAll('td')[1]).toHaveTextContent(/^ตัวจับเวลาของคาเฟ่$/);
    expect(screen.getByRole('button', { name: 'ส่งออก CSV' })).toBeInTheDocument();
  });
});

/** A blob's text, UTF-8 decoded (its byte order mark dropped), whichever Blob the environment made it with (jsdom's has no text()). */
function textOf(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('could not read the blob'));
    reader.readAsText(blob);
  });
}
