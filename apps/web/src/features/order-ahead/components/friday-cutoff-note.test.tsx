import { DEFAULT_WEEKLY_PERIODS, type Schedule } from '@cafe/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { mockApi, renderWithProviders, seedSettings, signIn } from '@/test/render';
import { siteOf } from '@/test/sites';
import { FridayCutoffNote } from './friday-cutoff-note';

const SCHEDULE: Schedule = {
  weekly: [...DEFAULT_WEEKLY_PERIODS],
  closedDays: [],
  nextOpening: null,
  closingWarningMinutes: 10,
  automatic: true,
};

/** Friday 27 November 2026 at `time` in Bangkok (UTC+7). */
function fridayAt(time: string) {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(new Date(`2026-11-27T${time}:00+07:00`));
}

function renderNote(props: { cafeClosed: boolean; barOpen: boolean }) {
  const status = { isCafeOpen: !props.cafeClosed, isBarOpen: props.barOpen };
  mockApi({ 'GET /schedule': SCHEDULE, 'GET /sites': [siteOf(1, 'Head office', { status })] });
  signIn({ homeSiteId: 1, ...status });
  return renderWithProviders(<FridayCutoffNote {...props} barMenu="/menubar" />);
}

afterEach(() => {
  vi.useRealTimers();
  i18n.activate('en');
});

describe('beside the cafe menu on a Friday afternoon', () => {
  it("in a demo with the bar open: says why the cafe menu is closed and offers the bar's drinks now", async () => {
    fridayAt('15:30');
    seedSettings({ demo: true, barOnlineOrdering: true });
    renderNote({ cafeClosed: true, barOpen: true });
    const why = await screen.findByText(/The cafe menu closes at 12:00 on Fridays\./);
    expect(why.closest('p')).toHaveTextContent(
      'The cafe menu closes at 12:00 on Fridays. In this demo the bar is open and takes orders online, so a drink can be ordered now. Order from the bar menu',
    );
    expect(screen.getByRole('link', { name: 'Order from the bar menu' })).toHaveAttribute('href', '/menubar');
  });

  it('with the cafe open and the bar not yet: says when each opens next', async () => {
    fridayAt('13:00');
    seedSettings({ demo: false, barOnlineOrdering: false });
    renderNote({ cafeClosed: false, barOpen: false });
    await screen.findByText('The cafe menu closes at 12:00 on Fridays.');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The cafe menu closes at 12:00 on Fridays. The cafe opens again Monday at 9:00. The bar opens again today at 15:00.',
      ),
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says nothing before 12:00 on a Friday', () => {
    fridayAt('11:59');
    seedSettings({ demo: true, barOnlineOrdering: true });
    renderNote({ cafeClosed: false, barOpen: false });
    expect(screen.queryByText(/The cafe menu closes/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    fridayAt('15:30');
    seedSettings({ demo: true, barOnlineOrdering: true });
    renderNote({ cafeClosed: true, barOpen: true });
    expect(await screen.findByRole('link', { name: 'สั่งจากเมนูบาร์' })).toBeInTheDocument();
    expect(screen.getByText(/เมนูคาเฟ่ปิดเวลา 12:00 น\. ทุกวันศุกร์/)).toBeInTheDocument();
  });
});
