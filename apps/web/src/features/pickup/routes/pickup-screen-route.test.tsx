import type { PickupBoard } from '@cafe/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, renderRoutes, renderWithProviders } from '@/test/render';
import type { ConnectScreen } from '../hooks/use-pickup-live';
import { PickupScreen, PickupScreenRoute } from './pickup-screen-route';

/*
 * The pickup screen (/pickup/{token}): two columns, live over its own connection, an offline banner
 * while the connection is down and a fresh read when it is back, and the revoked state
 * (docs/api/pickup-screen.md).
 */

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEF';

const boardOf = (patch: Partial<PickupBoard> = {}): PickupBoard => ({
  site: { id: 1, name: 'Head office' },
  displayNames: 'first-initial',
  preparing: [
    { number: 41, name: 'Somchai J.' },
    { number: 42, name: 'Anna' },
  ],
  ready: [{ number: 40, name: 'Bea B.' }],
  ...patch,
});

/** A stand-in for the screen's Socket.IO connection: the test plays the server. */
function fakeSocket() {
  const handlers = new Map<string, ((payload?: unknown) => void)[]>();
  const socket = {
    disconnected: false,
    on(event: string, handler: (payload?: unknown) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    removeAllListeners() {
      handlers.clear();
      return socket;
    },
    disconnect() {
      socket.disconnected = true;
      return socket;
    },
    /** The server sends `event`. */
    emit(event: string, payload?: unknown) {
      act(() => {
        for (const handler of handlers.get(event) ?? []) handler(payload);
      });
    },
  };
  const connect = vi.fn(() => socket) as unknown as ConnectScreen & ReturnType<typeof vi.fn>;
  return { socket, connect };
}

/** The fake server's board, as it is now (`board.now`); or a fixed answer. */
function serve(initial: PickupBoard | (() => unknown)) {
  const board = { now: typeof initial === 'function' ? boardOf() : initial };
  const api = mockApi({ ['GET /display']: typeof initial === 'function' ? initial : () => board.now });
  return { ...api, board };
}

const column = (name: 'Preparing' | 'Ready') => screen.getByRole('region', { name });
const numbersIn = (name: 'Preparing' | 'Ready') =>
  within(column(name))
    .queryAllByTestId('pickup-ticket')
    .map((t) => t.getAttribute('data-number'));

afterEach(() => vi.unstubAllGlobals());

describe('the pickup screen', () => {
  it('shows the orders being prepared and ready, each by its number and name', async () => {
    serve(boardOf());
    const { connect } = fakeSocket();
    renderWithProviders(<PickupScreen token={TOKEN} connect={connect} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pickup · Head office' })).toBeInTheDocument();
    expect(numbersIn('Preparing')).toEqual(['41', '42']);
    expect(numbersIn('Ready')).toEqual(['40']);
    expect(within(column('Preparing')).getByText('#41')).toBeInTheDocument();
    expect(within(column('Preparing')).getByText('Somchai J.')).toBeInTheDocument();
    expect(within(column('Ready')).getByText('Bea B.')).toBeInTheDocument();
    expect(connect).toHaveBeenCalledWith(TOKEN);
    expect(screen.queryByTestId('pickup-offline')).not.toBeInTheDocument();
  });

  it('shows the number alone when the site says so, and says when a column is empty', async () => {
    serve(boardOf({ displayNames: 'number', preparing: [{ number: 7, name: null }], ready: [] }));
    renderWithProviders(<PickupScreen token={TOKEN} connect={fakeSocket().connect} />);
    const ticket = await within(await screen.findByRole('region', { name: 'Preparing' })).findByTestId('pickup-ticket');
    expect(ticket).toHaveTextContent(/^#7$/);
    expect(within(column('Ready')).getByText('Nothing ready yet.')).toBeInTheDocument();
  });

  it('shows a coffee run whose drinks are all finished once, above the single drinks', async () => {
    serve(
      boardOf({
        ready: [{ number: 40, name: 'Bea B.' }],
        runs: [
          { id: 3, runner: 'Ann B.', place: 'Meeting room 3', drinks: 5 },
          { id: 4, runner: null, place: 'Design team', drinks: 1 },
        ],
      }),
    );
    renderWithProviders(<PickupScreen token={TOKEN} connect={fakeSocket().connect} />);
    const runs = await within(await screen.findByRole('region', { name: 'Ready' })).findByRole('list', {
      name: 'Coffee runs ready',
    });
    expect(
      within(runs)
        .getAllByRole('listitem')
        .map((entry) => entry.textContent),
    ).toEqual(["Ann B.'s run for Meeting room 3 is ready, 5 drinks", 'The run for Design team is ready, 1 drink']);
    // Its drinks are not tickets of their own (the server leaves them out of `ready`).
    expect(numbersIn('Ready')).toEqual(['40']);
  });

  it('says nothing is ready only when neither a drink nor a run is', async () => {
    const { socket, connect } = fakeSocket();
    serve(boardOf({ ready: [], runs: [{ id: 3, runner: 'Ann B.', place: 'Room 1', drinks: 2 }] }));
    renderWithProviders(<PickupScreen token={TOKEN} connect={connect} />);
    expect(await screen.findByText("Ann B.'s run for Room 1 is ready", { exact: false })).toBeInTheDocument();
    expect(within(column('Ready')).queryByText('Nothing ready yet.')).not.toBeInTheDocument();
    // Collected: the run leaves the screen live.
    socket.emit('pickup-board', boardOf({ ready: [] }));
    await waitFor(() => expect(screen.queryByTestId('pickup-run')).not.toBeInTheDocument());
    expect(within(column('Ready')).getByText('Nothing ready yet.')).toBeInTheDocument();
  });

  it('follows the live board: an order moves from Preparing to Ready, then leaves', async () => {
    serve(boardOf());
    const { socket, connect } = fakeSocket();
    renderWithProviders(<PickupScreen token={TOKEN} connect={connect} />);
    await screen.findByRole('region', { name: 'Ready' });
    socket.emit(
      'pickup-board',
      boardOf({
        preparing: [{ number: 42, name: 'Anna' }],
        ready: [
          { number: 41, name: 'Somchai J.' },
          { number: 40, name: 'Bea B.' },
        ],
      }),
    );
    await waitFor(() => expect(numbersIn('Ready')).toEqual(['41', '40']));
    expect(numbersIn('Preparing')).toEqual(['42']);
    socket.emit(
      'pickup-board',
      boardOf({ preparing: [{ number: 42, name: 'Anna' }], ready: [{ number: 40, name: 'Bea B.' }] }),
    );
    await waitFor(() => expect(numbersIn('Ready')).toEqual(['40']));
    // Something that is not a board changes nothing.
    socket.emit('pickup-board', { preparing: 'nonsense' });
    expect(numbersIn('Ready')).toEqual(['40']);
  });

  it('says it is offline while the connection is down, and reads the board again when it is back', async () => {
    const { calls, board } = serve(boardOf());
    const { socket, connect } = fakeSocket();
    renderWithProviders(<PickupScreen token={TOKEN} connect={connect} />);
    await screen.findByRole('region', { name: 'Ready' });
    socket.emit('connect');
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(1));
    const readsBefore = calls.length;

    socket.emit('disconnect', 'transport close');
    expect(await screen.findByTestId('pickup-offline')).toHaveTextContent('Offline: reconnecting');
    // What it last knew stays.
    expect(numbersIn('Preparing')).toEqual(['41', '42']);

    // Meanwhile the order was finished, and the board sent then was lost.
    board.now = boardOf({ preparing: [], ready: [{ number: 42, name: 'Anna' }] });
    socket.emit('connect');
    await waitFor(() => expect(screen.queryByTestId('pickup-offline')).not.toBeInTheDocument());
    await waitFor(() => expect(numbersIn('Ready')).toEqual(['42']));
    expect(calls.length).toBeGreaterThan(readsBefore);
  });

  it('says so when the browser loses its network', async () => {
    serve(boardOf());
    renderWithProviders(<PickupScreen token={TOKEN} connect={fakeSocket().connect} />);
    await screen.findByRole('region', { name: 'Ready' });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByTestId('pickup-offline')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByTestId('pickup-offline')).not.toBeInTheDocument());
  });

  it('shows the revoked state when the link is revoked while showing, or refused', async () => {
    serve(boardOf());
    const { socket, connect } = fakeSocket();
    renderWithProviders(<PickupScreen token={TOKEN} connect={connect} />);
    await screen.findByRole('region', { name: 'Ready' });
    socket.emit('display-revoked', {});
    expect(await screen.findByRole('alert')).toHaveTextContent('This link was revoked');
    expect(screen.queryByRole('region', { name: 'Ready' })).not.toBeInTheDocument();
    expect(socket.disconnected).toBe(true);
  });

  it('shows the revoked state for a link the server does not know', async () => {
    serve(() => apiError(404, 'NOT_FOUND', 'This pickup screen link was revoked or does not exist.'));
    renderWithProviders(<PickupScreen token={TOKEN} connect={fakeSocket().connect} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ask the counter');
  });

  it('keeps the screen on, and asks again when the page is visible again', async () => {
    const release = vi.fn(() => Promise.resolve());
    const request = vi.fn(() => Promise.resolve({ release, addEventListener: vi.fn() }));
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    serve(boardOf());
    const view = renderWithProviders(<PickupScreen token={TOKEN} connect={fakeSocket().connect} />);
    await screen.findByRole('region', { name: 'Ready' });
    await waitFor(() => expect(request).toHaveBeenCalledWith('screen'));
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    hidden.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    hidden.mockRestore();
    view.unmount();
    await waitFor(() => expect(release).toHaveBeenCalled());
    Reflect.deleteProperty(navigator, 'wakeLock');
  });

  it('shows the board without a wake lock where the browser has none', async () => {
    serve(boardOf());
    renderWithProviders(<PickupScreen token={TOKEN} connect={fakeSocket().connect} />);
    expect(await screen.findByRole('region', { name: 'Ready' })).toBeInTheDocument();
  });

  describe("the link's token", () => {
    const routes = (connect: ConnectScreen) => [
      { path: '/pickup', element: <PickupScreenRoute connect={connect} /> },
      { path: '/pickup/:token', element: <PickupScreenRoute connect={connect} /> },
    ];

    it('is read from the fragment and sent in a header, never in an address', async () => {
      const { calls } = serve(boardOf());
      const { connect } = fakeSocket();
      renderRoutes(routes(connect), `/pickup#${TOKEN}`);
      expect(await screen.findByRole('region', { name: 'Ready' })).toBeInTheDocument();
      expect(calls.map((c) => c.path)).toEqual(['/display']);
      expect(calls[0]?.headers['X-Display-Token']).toBe(TOKEN);
      expect(calls.every((c) => !c.path.includes(TOKEN) && !c.search.toString().includes(TOKEN))).toBe(true);
      expect(connect).toHaveBeenCalledWith(TOKEN);
    });

    it('moves from the address of an older link into the fragment at once', async () => {
      const { calls } = serve(boardOf());
      const { connect } = fakeSocket();
      const { router } = renderRoutes(routes(connect), `/pickup/${TOKEN}`);
      expect(await screen.findByRole('region', { name: 'Ready' })).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/pickup'));
      expect(router.state.location.hash).toBe(`#${TOKEN}`);
      expect(calls.every((c) => c.path === '/display' && c.headers['X-Display-Token'] === TOKEN)).toBe(true);
    });
  });
});
