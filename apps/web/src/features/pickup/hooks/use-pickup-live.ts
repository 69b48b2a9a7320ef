import { DISPLAY_NAMESPACE, PickupBoardSchema, type DisplayServerToClientEvents } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { pickupBoardQueryOptions } from '../api/get-pickup-board';

/** What the screen's live connection says: connected or not, and whether its link was revoked. */
export interface PickupLive {
  /** The connection was lost (or could not be made), or the browser has no network: the screen says it is offline. */
  offline: boolean;
  /** The server said the link was revoked, or refused it. */
  revoked: boolean;
}

type ScreenSocket = Socket<DisplayServerToClientEvents, Record<string, never>>;

/** The test seam: how a screen's connection is opened (socket.io-client in the app). */
export type ConnectScreen = (token: string) => ScreenSocket;

export const connectScreen: ConnectScreen = (token) =>
  io(DISPLAY_NAMESPACE, { path: '/api/socket.io', auth: { token }, transports: ['websocket', 'polling'] });

/**
 * Follows the screen's board live (the `/display` namespace, docs/api/pickup-screen.md): each
 * `pickup-board` replaces the board in the query cache; every (re)connect reads the board again,
 * since boards sent while away are lost; `display-revoked` or a refused handshake ends it.
 */
export function usePickupLive(token: string, connect: ConnectScreen = connectScreen): PickupLive {
  const queryClient = useQueryClient();
  // Down only once a connection failed or was lost: not while the first one is being made.
  const [down, setDown] = useState(false);
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const [revoked, setRevoked] = useState(false);

  useEffect(() => {
    const goOnline = () => setOnline(true);
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, []);

  useEffect(() => {
    const { queryKey } = pickupBoardQueryOptions(token);
    const socket = connect(token);
    const end = () => {
      setRevoked(true);
      socket.disconnect();
    };
    socket.on('connect', () => {
      setDown(false);
      void queryClient.invalidateQueries({ queryKey });
    });
    socket.on('disconnect', () => setDown(true));
    socket.on('connect_error', (error: Error & { data?: { code?: string } }) => {
      if (error.data?.code === 'DISPLAY_NOT_FOUND') end();
      else setDown(true);
    });
    socket.on('pickup-board', (payload) => {
      const parsed = PickupBoardSchema.safeParse(payload);
      if (parsed.success) queryClient.setQueryData(queryKey, parsed.data);
    });
    socket.on('display-revoked', end);
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [token, connect, queryClient]);

  return { offline: down || !online, revoked };
}
