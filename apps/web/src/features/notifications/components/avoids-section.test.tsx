import type { AvoidsAnswer, AvoidsBody, HealthConsent } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { apiError, mockApi, renderWithProviders, signIn, type RecordedCall } from '@/test/render';
import { AvoidsSection } from './avoids-section';

/*
 * The profile's "What you cannot drink" (docs/allergens.md): the list is kept only with the
 * person's consent, asked on its own, shown once given, and withdrawn with a confirmation that says
 * the list is erased (docs/decisions/0068-health-data-consent.md).
 */

const NONE: HealthConsent = { given: false, version: null, givenAt: null, withdrawnAt: null };
const GIVEN: HealthConsent = {
  given: true,
  version: 'avoids-1',
  givenAt: '2026-03-03T03:00:00.000Z',
  withdrawnAt: null,
};
const WITHDRAWN: HealthConsent = { ...GIVEN, given: false, withdrawnAt: '2026-11-18T03:00:00.000Z' };

const CONSENT_LABEL = 'I agree that the cafe keeps this list of what I cannot drink.';

/** The fake server: PUT answers the list saved under consent given; DELETE withdraws it. */
function serve(refusePut?: () => ReturnType<typeof apiError>) {
  return mockApi((call) => {
    if (call.method === 'PUT' && call.path === '/user/me/avoids') {
      if (refusePut) return refusePut();
      const body = call.body as AvoidsBody;
      const answer: AvoidsAnswer = { avoids: body.avoids, healthConsent: GIVEN };
      return { body: answer };
    }
    if (call.method === 'DELETE' && call.path === '/user/me/health-consent') {
      const answer: AvoidsAnswer = { avoids: [], healthConsent: WITHDRAWN };
      return { body: answer };
    }
    return undefined;
  });
}

const writes = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => ({ method: c.method, path: c.path, body: c.body }));

function section() {
  return screen.getByRole('region', { name: 'What you cannot drink' });
}

const box = (name: string) => within(section()).getByRole('checkbox', { name });

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});

describe('What you cannot drink: consent', () => {
  it('asks for consent on its own before saving a list, and saves it with the consent', async () => {
    signIn({ avoids: [], healthConsent: NONE, avoidsAwaitingConsent: [] });
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithProviders(<AvoidsSection />);

    const consent = box(CONSENT_LABEL);
    expect(consent).not.toBeChecked();
    expect(consent).toHaveAccessibleDescription(
      'What you avoid is health information. The cafe keeps it only to mark drinks for you and ask before you order one, and to show it to the barista on your orders. You can withdraw your consent here at any time: your list is then erased.',
    );
    await user.click(box('Milk'));
    await user.click(screen.getByRole('button', { name: 'Save what I avoid' }));

    // Not ticked: nothing is sent, the box says why and takes the focus.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'To save your list, tick the box to agree that the cafe keeps it.',
    );
    expect(consent).toHaveFocus();
    expect(consent).toBeInvalid();
    expect(consent).toHaveAccessibleDescription(/To save your list, tick the box/);
    expect(writes(calls)).toEqual([]);

    // With the keyboard: Space ticks the box, Tab reaches Save, Enter saves.
    await user.keyboard(' ');
    expect(consent).toBeChecked();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save what I avoid' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(within(section()).getByRole('status')).toHaveTextContent('Saved.'));
    expect(writes(calls)).toEqual([
      { method: 'PUT', path: '/user/me/avoids', body: { avoids: ['milk'], consent: true } },
    ]);
    // Consent given: said with its date, no box to tick any more.
    expect(within(section()).getByText('You agreed on 3 Mar 2026 that the cafe keeps this list.')).toBeInTheDocument();
    expect(within(section()).queryByRole('checkbox', { name: CONSENT_LABEL })).toBeNull();
    expect(within(section()).getByRole('button', { name: 'Withdraw my consent' })).toBeInTheDocument();
  });

  it('saves an empty list without asking, and a list under consent already given without sending it again', async () => {
    signIn({ avoids: ['milk'], healthConsent: GIVEN, avoidsAwaitingConsent: [] });
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithProviders(<AvoidsSection />);
    expect(box('Milk')).toBeChecked();
    await user.click(box('Peanuts'));
    await user.click(screen.getByRole('button', { name: 'Save what I avoid' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toEqual({ avoids: ['milk', 'peanuts'] });
  });

  it('withdraws consent only once the person confirms, saying the list is erased, and asks again after', async () => {
    signIn({ avoids: ['milk', 'soy'], healthConsent: GIVEN, avoidsAwaitingConsent: [] });
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithProviders(<AvoidsSection />);

    await user.click(within(section()).getByRole('button', { name: 'Withdraw my consent' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw your consent?' });
    expect(dialog).toHaveAccessibleDescription(
      'The cafe erases your list of what you cannot drink, and what your orders noted of it. The menu no longer marks drinks for you, and baristas no longer see it. You can save a new list later.',
    );
    // Kept: nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(calls)).toEqual([]);

    await user.click(within(section()).getByRole('button', { name: 'Withdraw my consent' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Withdraw and erase my list' }),
    );
    await waitFor(() => expect(within(section()).getByRole('status')).toHaveTextContent('Your list is erased.'));
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: '/user/me/health-consent', body: undefined }]);
    expect(box('Milk')).not.toBeChecked();
    expect(box('Soy')).not.toBeChecked();
    expect(box(CONSENT_LABEL)).not.toBeChecked();
  });

  it('keeps the dialog open with the reason when withdrawing fails', async () => {
    signIn({ avoids: ['milk'], healthConsent: GIVEN, avoidsAwaitingConsent: [] });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'DELETE /user/me/health-consent': apiError(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable'),
    });
    const user = userEvent.setup();
    renderWithProviders(<AvoidsSection />);
    await user.click(within(section()).getByRole('button', { name: 'Withdraw my consent' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw and erase my list' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not withdraw your consent. Please try again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(box('Milk')).toBeChecked();
  });

  it('shows a list kept from before consent was asked for, unused, to agree to or erase', async () => {
    signIn({ avoids: [], healthConsent: NONE, avoidsAwaitingConsent: ['gluten', 'vegan'] });
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithProviders(<AvoidsSection />);

    expect(within(section()).getByRole('note')).toHaveTextContent(
      'You saved this list before the cafe asked for your consent. It is kept, but not used',
    );
    expect(box('Gluten')).toBeChecked();
    expect(box('Vegan')).toBeChecked();
    await user.click(within(section()).getByRole('button', { name: 'Erase my list' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Erase your list?' });
    await user.click(within(dialog).getByRole('button', { name: 'Erase my list' }));
    await waitFor(() => expect(within(section()).getByRole('status')).toHaveTextContent('Your list is erased.'));
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: '/user/me/health-consent', body: undefined }]);
    expect(within(section()).queryByRole('note')).toBeNull();
    expect(box('Gluten')).not.toBeChecked();
  });

  it('saves a list kept from before once the person agrees', async () => {
    signIn({ avoids: [], healthConsent: NONE, avoidsAwaitingConsent: ['gluten'] });
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithProviders(<AvoidsSection />);
    await user.click(box(CONSENT_LABEL));
    await user.click(screen.getByRole('button', { name: 'Save what I avoid' }));
    await waitFor(() => expect(within(section()).getByRole('status')).toHaveTextContent('Saved.'));
    expect(writes(calls)).toEqual([
      { method: 'PUT', path: '/user/me/avoids', body: { avoids: ['gluten'], consent: true } },
    ]);
    expect(within(section()).queryByRole('note')).toBeNull();
  });

  it('asks again when the server says consent was withdrawn meanwhile', async () => {
    signIn({ avoids: ['milk'], healthConsent: GIVEN, avoidsAwaitingConsent: [] });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(() =>
      apiError(
        400,
        'HEALTH_CONSENT_REQUIRED',
        'To save what you cannot drink, first agree that the cafe keeps it: tick the box, then save again.',
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<AvoidsSection />);
    await user.click(box('Eggs'));
    await user.click(screen.getByRole('button', { name: 'Save what I avoid' }));
    const consent = await within(section()).findByRole('checkbox', { name: CONSENT_LABEL });
    expect(within(section()).getByRole('alert')).toHaveTextContent(
      'To save your list, tick the box to agree that the cafe keeps it.',
    );
    await waitFor(() => expect(consent).toHaveFocus());
    expect(screen.queryByText(/HEALTH_CONSENT_REQUIRED|consent:/)).toBeNull();
  });

  it('asks in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    signIn({ avoids: ['milk'], healthConsent: GIVEN, avoidsAwaitingConsent: [] });
    serve();
    const user = userEvent.setup();
    renderWithProviders(<AvoidsSection />);
    const thai = screen.getByRole('region', { name: 'สิ่งที่คุณดื่มไม่ได้' });
    expect(within(thai).getByText(/คุณยินยอมให้คาเฟ่เก็บรายการนี้เมื่อ/)).toBeInTheDocument();
    await user.click(within(thai).getByRole('button', { name: 'ถอนความยินยอม' }));
    expect(await screen.findByRole('alertdialog', { name: 'ถอนความยินยอมหรือไม่' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ถอนความยินยอมและลบรายการ' }));
    expect(await within(thai).findByRole('checkbox', { name: 'ฉันยินยอมให้คาเฟ่เก็บรายการสิ่งที่ฉันดื่มไม่ได้นี้' })).not.toBeChecked();
  });
});
