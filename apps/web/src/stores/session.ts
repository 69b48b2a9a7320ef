import type { Role } from '@cafe/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '../lib/storage-keys';

/** The session user of SPEC section 3 (client state, partly persisted). */
export interface SessionUser {
  login: boolean;
  id: number | null;
  sub: string | null;
  email: string;
  name: string;
  role: Role;
  isBarOpen: boolean;
  isCafeOpen: boolean;
  /** Marker the specification keeps for its Google-based sign-in; always false here. */
  googleLogin: boolean;
}

export const DEFAULT_USER: SessionUser = {
  login: false,
  id: null,
  sub: null,
  email: '',
  name: '',
  role: 'user',
  isBarOpen: true,
  isCafeOpen: true,
  googleLogin: false,
};

interface SessionState {
  user: SessionUser;
  /** Start-up authentication has finished (successfully or not). */
  initialised: boolean;
  setUser: (user: Partial<SessionUser>) => void;
  setShopStatus: (status: { isBarOpen: boolean; isCafeOpen: boolean }) => void;
  setInitialised: (value: boolean) => void;
  reset: () => void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      user: DEFAULT_USER,
      initialised: false,
      setUser: (user) => set((s) => ({ user: { ...s.user, ...user } })),
      setShopStatus: (status) => set((s) => ({ user: { ...s.user, ...status } })),
      setInitialised: (initialised) => set({ initialised }),
      // The venue state is public and stays known after signing out.
      reset: () =>
        set((s) => ({ user: { ...DEFAULT_USER, isBarOpen: s.user.isBarOpen, isCafeOpen: s.user.isCafeOpen } })),
    }),
    {
      name: STORAGE_KEYS.session,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ user: s.user }),
    },
  ),
);
