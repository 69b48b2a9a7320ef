import { useQuery } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { apiError, currentPath, mockApi, renderRoutes, signIn, stubScreen } from '@/test/render';
import { useEnrolmentRedirect } from './use-enrolment-redirect';

function Frame() {
  useEnrolmentRedirect();
  return <Outlet />;
}

/** A screen of the board that reads the queue, as the real one does. */
function Board() {
  useQuery({ queryKey: ['board'], queryFn: () => api('/order'), retry: false });
  return <p>Board</p>;
}

describe('useEnrolmentRedirect', () => {
  beforeEach(() => {
    signIn({ id: 3, email: 'bea@example.com', name: 'Bea', role: 'barista' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  const routes = () => [
    { element: <Frame />, children: [{ path: '/ordering', element: <Board /> }, stubScreen('/profile')] },
  ];

  it('takes a barista the server refuses for want of a second factor to their profile', async () => {
    mockApi((call) =>
      call.path === '/order'
        ? apiError(403, 'SECOND_FACTOR_MISSING', 'Set up a second way to confirm it is you.')
        : undefined,
    );
    renderRoutes(routes(), '/ordering');
    await waitFor(() => expect(currentPath()).toBe('/profile'));
  });

  it('leaves them where they are for any other refusal', async () => {
    const { calls } = mockApi((call) =>
      call.path === '/order' ? apiError(403, 'FORBIDDEN', 'You are not allowed to do this.') : undefined,
    );
    const view = renderRoutes(routes(), '/ordering');
    await waitFor(() => expect(calls.some((call) => call.path === '/order')).toBe(true));
    await waitFor(() => expect(view.queryClient.getQueryState(['board'])?.status).toBe('error'));
    expect(view.getByText('Board')).toBeInTheDocument();
  });
});
