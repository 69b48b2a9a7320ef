import type { DisplayLink } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn, type RecordedCall } from '@/test/render';
import { DisplayLinksPanel } from './display-links-panel';

/*
 * A site's pickup screen links (docs/api/pickup-screen.md): made with the whole address shown once
 * and a Copy button, listed without their tokens, revoked after a confirmation.
 */

const TOKEN = 'A'.repeat(43);
const linkOf = (id: number, label: string, revokedAt: string | null = null): DisplayLink => ({
  id,
  siteId: 1,
  label,
  createdAt: '2026-11-18T03:00:00.000Z',
  createdBy: { id: 5, name: 'Bea Barista' },
  revokedAt,
});

function serve() {
  let links = [linkOf(1, 'Old TV', '2026-11-18T04:00:00.000Z')];
  return mockApi((call: RecordedCall) => {
    if (call.method === 'GET' && call.path === '/sites/1/displays') return { body: links };
    if (call.method === 'POST' && call.path === '/sites/1/displays') {
      const made = linkOf(2, (call.body as { label: string }).label);
      links = [made, ...links];
      return { status: 201, body: { ...made, token: TOKEN } };
    }
    if (call.method === 'POST' && call.path === '/sites/1/displays/2/revoke') {
      links = links.map((l) => (l.id === 2 ? { ...l, revokedAt: '2026-11-18T05:00:00.000Z' } : l));
      return { body: links.find((l) => l.id === 2) };
    }
    return undefined;
  });
}

/** The dark squares an SVG QR code draws, as "row,column" (its four modules of border taken off). */
function darkModulesOf(svg: Element): string[] {
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  return [...d.matchAll(/M(\d+) (\d+)/g)].map(([, x, y]) => `${Number(y) - 4},${Number(x) - 4}`).sort();
}
function darkModulesOfCode(text: string): string[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const dark: string[] = [];
  for (let row = 0; row < modules.size; row += 1)
    for (let col = 0; col < modules.size; col += 1) if (modules.get(row, col)) dark.push(`${row},${col}`);
  return dark.sort();
}

beforeEach(() => signIn({ id: 5, name: 'Bea Barista', role: 'barista' }));
afterEach(() => vi.unstubAllGlobals());

describe('pickup screen links', () => {
  it('makes a link and shows its whole address once, with Copy; lists the links; revokes after a confirmation', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { calls } = serve();
    renderWithProviders(<DisplayLinksPanel siteId={1} />);

    const list = await screen.findByRole('list', { name: 'Pickup screen links' });
    expect(within(list).getByText('Old TV')).toBeInTheDocument();
    expect(within(list).getByText(/^Revoked/)).toBeInTheDocument();
    // A revoked link cannot be revoked again.
    expect(within(list).queryByRole('button', { name: 'Revoke Old TV' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Name of the screen (optional)'), '  Lobby TV ');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const field = await screen.findByRole('textbox', { name: 'Pickup screen link' });
    expect(field).toHaveValue(`${window.location.origin}/pickup#${TOKEN}`);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ label: 'Lobby TV' });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/pickup#${TOKEN}`);
    // A QR code of the same address, for a TV or a tablet to open without typing it.
    const qr = screen.getByRole('img', { name: 'QR code of the pickup screen link' });
    expect(darkModulesOf(qr)).toEqual(darkModulesOfCode(`${window.location.origin}/pickup#${TOKEN}`));

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'Pickup screen link' })).not.toBeInTheDocument();
    // The token is nowhere on the page any more.
    expect(document.body.textContent).not.toContain(TOKEN);

    await user.click(await screen.findByRole('button', { name: 'Revoke Lobby TV' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke Lobby TV?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/sites/1/displays/2/revoke')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke Lobby TV' })).not.toBeInTheDocument());
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('keeps the link when the confirmation is declined', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderWithProviders(<DisplayLinksPanel siteId={1} />);
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await screen.findByRole('textbox', { name: 'Pickup screen link' });
    await user.click(await screen.findByRole('button', { name: 'Revoke Unnamed screen' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.path.endsWith('/revoke'))).toBe(false);
  });
});
