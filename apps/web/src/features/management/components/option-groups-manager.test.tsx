import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SiteScope } from '@/api/site-state';
import { mockApi, renderWithProviders, signIn, type RecordedCall } from '@/test/render';
import { siteOf } from '@/test/sites';
import { OptionGroupsManager, draftProblem } from './option-groups-manager';

const MILK = {
  id: 2,
  name: 'Milk',
  minChoices: 1,
  maxChoices: 1,
  maxQuantity: 1,
  choices: [
    { id: 21, name: 'Whole', isDefault: true },
    { id: 22, name: 'Oat', isDefault: false },
  ],
};

const LATTE_AT_SITE = [
  {
    id: 1,
    name: 'Coffee',
    categoryFor: 'cafe',
    kind: 'coffee',
    isAvailable: 'available',
    menu: [
      {
        id: 3,
        name: 'Latte',
        description: '-',
        category_id: 1,
        isActive: 'active',
        isAvailable: 'available',
        optionGroups: [
          {
            ...MILK,
            choices: MILK.choices.map((c) => ({ ...c, soldOut: c.id === 22, soldOutUntil: null })),
          },
        ],
      },
    ],
  },
];

describe('Drink options in menu management', () => {
  it('checks a group before sending it', () => {
    const base = {
      name: 'Size',
      minChoices: '1',
      maxChoices: '1',
      maxQuantity: '1',
      choices: [{ name: 'Small', isDefault: true }],
    };
    expect(draftProblem(base)).toBeNull();
    expect(draftProblem({ ...base, name: ' ' })?.id).toBe('management.options.problem.name');
    expect(draftProblem({ ...base, maxChoices: '2' })?.id).toBe('management.options.problem.max');
    expect(draftProblem({ ...base, minChoices: '2' })?.id).toBe('management.options.problem.min');
  });

  it('lists the groups with what is sold out at the site, creates a group and marks a choice sold out', async () => {
    signIn({ id: 2, role: 'barista', homeSiteId: 1, staffSiteIds: [1] });
    const { calls } = mockApi((call: RecordedCall) => {
      if (call.method === 'GET' && call.path === '/option-groups') return { body: [MILK] };
      if (call.method === 'GET' && call.path === '/category') return { body: LATTE_AT_SITE };
      if (call.method === 'GET' && call.path === '/sites') return { body: [siteOf(1, 'Head office')] };
      if (call.method === 'POST' && call.path === '/option-groups') {
        return { status: 201, body: { ...(call.body as object), id: 9, maxQuantity: 1, choices: [] } };
      }
      if (call.method === 'PATCH') {
        return { body: { id: 21, name: 'Whole', isDefault: true, soldOut: true, soldOutUntil: null } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(
      <SiteScope of="staff">
        <OptionGroupsManager />
      </SiteScope>,
    );
    const list = await screen.findByRole('list', { name: 'Drink options' });
    expect(within(list).getByText('Milk')).toBeInTheDocument();
    // Each choice's control says what it does and at which site, with one site as with several.
    const whole = await within(list).findByRole('checkbox', { name: 'Whole sold out at Head office' });
    const oat = within(list).getByRole('checkbox', { name: 'Oat sold out at Head office' });
    await waitFor(() => expect(oat).toBeChecked());
    expect(whole).not.toBeChecked();

    await user.click(whole);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.path).toBe('/sites/1/option-choices/21');
    expect(patch?.body).toEqual({ soldOut: true });

    await user.click(screen.getByRole('button', { name: 'New option group' }));
    const form = screen.getByRole('form', { name: 'New option group' });
    await user.type(within(form).getByLabelText('Name'), 'Size');
    await user.type(within(form).getByLabelText('Choice 1'), 'Regular');
    await user.click(within(form).getByRole('button', { name: 'Add a choice' }));
    await user.type(within(form).getByLabelText('Choice 2'), 'Large');
    await user.click(within(form).getByRole('button', { name: 'Save option group' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Size',
      minChoices: 1,
      maxChoices: 1,
      maxQuantity: 1,
      choices: [
        { name: 'Regular', isDefault: true },
        { name: 'Large', isDefault: false },
      ],
    });
  });
});
