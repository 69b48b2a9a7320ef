import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, seedSettings, signOut } from '@/test/render';
import { LoginRoute } from '../routes/login-route';
import { RegisterRoute } from '../routes/register-route';

describe('company domain from the runtime settings', () => {
  beforeEach(() => {
    signOut();
    seedSettings({ companyEmailDomain: 'cafe.test' });
  });

  it('login alerts "only accept @cafe.test" without calling the server', async () => {
    const api = mockApi(() => undefined);
    renderRoutes([{ path: '/login', element: <LoginRoute /> }], '/login');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    await user.type(within(dialog).getByLabelText('Email'), 'mali@example.com');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'secret-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('only accept @cafe.test');
    expect(api.calls).toHaveLength(0);
  });

  it('registration alerts the same without calling the server', async () => {
    const api = mockApi(() => undefined);
    renderRoutes([{ path: '/create', element: <RegisterRoute /> }], '/create');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Mali');
    await user.type(screen.getByLabelText('Email'), 'mali@gmail.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-pass-1');
    await user.click(screen.getByRole('button', { name: 'Create new user' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('only accept @cafe.test');
    expect(api.calls).toHaveLength(0);
  });
});
