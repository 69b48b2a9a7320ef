import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths, patterns } from '@/lib/paths';
import { apiError, currentPath, mockApi, renderRoutes, signIn, stubScreen, type RecordedCall } from '@/test/render';
import { HEAD_OFFICE } from '@/test/sites';
import { makeDrink, makeRun, MALI, SLOTS } from '@/features/runs/test/fixtures';
import { RunsRoute } from './runs-route';

const starts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/runs');

function renderRuns(answers: Record<string, unknown> = {}) {
  signIn();
  const api = mockApi({
    'GET /sites': [HEAD_OFFICE],
    'GET /runs': [],
    'GET /sites/1/slots': SLOTS,
    ...answers,
  });
  renderRoutes([{ path: paths.runs, Component: RunsRoute }, stubScreen(patterns.run)], paths.runs);
  return { ...api, user: userEvent.setup() };
}

/** The form, once the site's pickup times are there. */
async function startForm() {
  const form = screen.getByRole('region', { name: 'Start a run' });
  await waitFor(() => expect(within(form).getByLabelText('Pickup time')).toBeEnabled());
  return form;
}

describe('RunsRoute', () => {
  it('lists the open runs of the site: where, who, when, and how many drinks, each a link to it', async () => {
    renderRuns({
      'GET /runs': [makeRun({ drinks: [makeDrink(), makeDrink({ orderId: 42, person: MALI, label: 'Mali (2/2)' })] })],
    });
    const link = await screen.findByRole('link', { name: 'Meeting room 3' });
    expect(link).toHaveAttribute('href', '/runs/5');
    const item = link.closest('li')!;
    expect(item).toHaveTextContent('RunnerAnn');
    expect(item).toHaveTextContent('Pickup11:00');
    expect(item).toHaveTextContent('Closes at10:40');
    expect(item).toHaveTextContent('2 drinks');
    expect(screen.getByRole('heading', { level: 1, name: 'Coffee runs' })).toBeInTheDocument();
  });

  it('says when no run is open', async () => {
    renderRuns();
    expect(await screen.findByText('No open runs right now')).toBeInTheDocument();
  });

  it('asks where and when before starting a run, and sends nothing', async () => {
    const { calls, user } = renderRuns();
    const form = await startForm();
    expect(within(form).getByLabelText('Closes at')).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Start the run' }));
    expect(await within(form).findByText('Say where the drinks go')).toBeInTheDocument();
    expect(within(form).getByText('Choose when you will collect the drinks')).toBeInTheDocument();
    expect(within(form).getByLabelText('Where')).toHaveAccessibleDescription(
      'For example, Meeting room 3 Say where the drinks go',
    );
    expect(starts(calls)).toHaveLength(0);
  });

  it('offers the cafe slots, closes twenty minutes before the pickup, and opens the new run', async () => {
    const { calls, user } = renderRuns({ 'POST /runs': makeRun({ id: 31 }) });
    const form = await startForm();
    const pickup = within(form).getByLabelText('Pickup time');
    expect(
      within(pickup)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a pickup time', '11:00', '11:30']);
    await user.type(within(form).getByLabelText('Where'), 'Meeting room 3');
    await user.selectOptions(pickup, '11:00');
    const closes = within(form).getByLabelText('Closes at');
    expect(closes).toHaveDisplayValue('10:40 (20 min before pickup)');
    // Never before now (10:00): the earliest choice is 10:05.
    expect(within(closes).getAllByRole('option')[0]).toHaveTextContent('10:05 (55 min before pickup)');
    await user.selectOptions(closes, '10:45 (15 min before pickup)');
    await user.click(within(form).getByRole('button', { name: 'Start the run' }));

    await waitFor(() => expect(currentPath()).toBe('/runs/31'));
    expect(starts(calls)[0]?.body).toEqual({
      siteId: 1,
      place: 'Meeting room 3',
      pickupAt: '2026-11-18T04:00:00.000Z',
      closesAt: '2026-11-18T03:45:00.000Z',
    });
  });

  it("says the server's refusal in the person's words", async () => {
    const { user } = renderRuns({
      'POST /runs': apiError(409, 'RUN_OPEN_ALREADY', 'open run already', {
        messageId: 'people.refusal.runOpenAlready',
      }),
    });
    const form = await startForm();
    await user.type(within(form).getByLabelText('Where'), 'Meeting room 3');
    await user.selectOptions(within(form).getByLabelText('Pickup time'), '11:30');
    await user.click(within(form).getByRole('button', { name: 'Start the run' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'You already have an open coffee run here. Close it before you start another one.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Coffee runs' })).toBeInTheDocument();
  });

  it("says a refusal this app's catalogue does not have yet in the server's words", async () => {
    const { user } = renderRuns({
      'POST /runs': apiError(409, 'RUN_NEWER_RULE', 'You have an open run here already', {
        messageId: 'people.refusal.aNewerRule',
      }),
    });
    const form = await startForm();
    await user.type(within(form).getByLabelText('Where'), 'Desk 4');
    await user.selectOptions(within(form).getByLabelText('Pickup time'), '11:30');
    await user.click(within(form).getByRole('button', { name: 'Start the run' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('You have an open run here already');
  });

  it('leaves starting a run to customers: a barista only follows them', async () => {
    signIn({ role: 'barista' });
    mockApi({ 'GET /sites': [HEAD_OFFICE], 'GET /runs': [] });
    renderRoutes([{ path: paths.runs, Component: RunsRoute }], paths.runs);
    expect(await screen.findByText('Runs are started and joined from a customer account.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start the run' })).toBeNull();
  });
});
