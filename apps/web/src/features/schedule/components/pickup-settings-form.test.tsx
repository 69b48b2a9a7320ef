import type { PickupSettings } from '@cafe/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { mockApi, renderWithProviders, type RecordedCall } from '@/test/render';
import { PickupSettingsForm } from './pickup-settings-form';

const SETTINGS: PickupSettings = {
  slotMinutes: 15,
  leadMinutes: 15,
  daysAhead: 0,
  slotCapacity: 10,
  tumblerGraceMinutes: 5,
  readyReminderMinutes: 10,
  uncollectedAfterMinutes: 30,
  prepTargetMinutes: 4,
  displayNames: 'first-initial',
};

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
});

describe("PickupSettingsForm: the counter's day", () => {
  it('edits the tumbler time, the reminder, "not collected" and the names on the pickup screen', async () => {
    const { calls } = mockApi({ 'PUT /sites/1/pickup': (call: RecordedCall) => call.body });
    const user = userEvent.setup();
    renderWithProviders(<PickupSettingsForm siteId={1} settings={SETTINGS} />);
    const group = screen.getByRole('group', { name: 'At the counter' });
    const tumbler = screen.getByRole('textbox', { name: 'Time to bring a tumbler (minutes)' });
    expect(group).toContainElement(tumbler);
    expect(tumbler).toHaveValue('5');
    expect(screen.getByRole('textbox', { name: 'Pickup reminder after (minutes)' })).toHaveValue('10');
    const uncollected = screen.getByRole('textbox', { name: 'Not collected after (minutes)' });
    expect(uncollected).toHaveValue('30');
    const names = screen.getByRole('combobox', { name: 'Names on the pickup screen' });
    expect(names).toHaveValue('first-initial');

    await user.clear(tumbler);
    await user.type(tumbler, '31');
    await user.clear(uncollected);
    await user.type(uncollected, '10');
    await user.click(screen.getByRole('button', { name: 'Save pickup settings' }));
    expect(await screen.findByText('A whole number from 1 to 30')).toBeInTheDocument();
    expect(screen.getByText('Longer than the pickup reminder')).toBeInTheDocument();
    expect(tumbler).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(tumbler);
    await user.type(tumbler, '3');
    await user.clear(uncollected);
    await user.type(uncollected, '45');
    await user.selectOptions(names, 'Queue number only');
    await user.click(screen.getByRole('button', { name: 'Save pickup settings' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ...SETTINGS,
      tumblerGraceMinutes: 3,
      uncollectedAfterMinutes: 45,
      displayNames: 'number',
    });
  });

  it('edits the preparation target at the counter, from 1 to 30 minutes', async () => {
    const { calls } = mockApi({ 'PUT /sites/1/pickup': (call: RecordedCall) => call.body });
    const user = userEvent.setup();
    renderWithProviders(<PickupSettingsForm siteId={1} settings={SETTINGS} />);
    const target = screen.getByRole('textbox', { name: 'Preparation target (minutes)' });
    expect(screen.getByRole('group', { name: 'At the counter' })).toContainElement(target);
    expect(target).toHaveValue('4');
    expect(target).toHaveAccessibleDescription(
      'A drink in progress for longer is marked on the board and counted on the dashboards',
    );
    await user.clear(target);
    await user.type(target, '0');
    await user.click(screen.getByRole('button', { name: 'Save pickup settings' }));
    expect(await screen.findByText('A whole number from 1 to 30')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.clear(target);
    await user.type(target, '6');
    await user.click(screen.getByRole('button', { name: 'Save pickup settings' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...SETTINGS, prepTargetMinutes: 6 });
  });

  it('speaks Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    renderWithProviders(<PickupSettingsForm siteId={1} settings={SETTINGS} />);
    expect(screen.getByRole('group', { name: 'ที่เคาน์เตอร์' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'เวลานำแก้วทัมเบลอร์มา (นาที)' })).toHaveValue('5');
    expect(screen.getByRole('option', { name: 'หมายเลขคิวเท่านั้น' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'เวลาเป้าหมายในการเตรียม (นาที)' })).toHaveValue('4');
  });
});
