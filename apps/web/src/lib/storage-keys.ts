/** Local storage keys fixed by the specification (section 3). */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  bannerVisible: 'bannerVisible',
  bannerShown: 'bannerShown',
  favOrder: 'favOrder',
  recentUpload: 'recentUpload',
} as const;

/**
 * Local settings of one counter tablet, not in the specification: how old a ticket on the order
 * board may get before it turns amber and red (minutes). Kept per device: each counter sets its
 * own pace. Cleared with everything else at logout, which clears all local storage.
 */
export const BOARD_STORAGE_KEYS = {
  ticketAmberMinutes: 'baristaTicketAmberMinutes',
  ticketRedMinutes: 'baristaTicketRedMinutes',
  /** Whose tickets the board shows: mine, unclaimed or all (features/barista/lib/claims.ts). */
  claimFilter: 'baristaClaimFilter',
} as const;

export const tokenStorage = {
  getAccess: () => localStorage.getItem(STORAGE_KEYS.accessToken),
  getRefresh: () => localStorage.getItem(STORAGE_KEYS.refreshToken),
  save(accessToken: string, refreshToken: string) {
    localStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
    localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  },
  clear() {
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
  },
};

/**
 * The answers last seen, for opening the app without a network (lib/query-persistence.ts). Not in
 * the specification; cleared at sign-out with everything else.
 */
export const LAST_SEEN_STORAGE_KEY = 'cafeLastSeen';
