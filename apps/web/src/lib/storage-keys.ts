/** Local storage keys fixed by the specification (section 3). */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  bannerVisible: 'bannerVisible',
  bannerShown: 'bannerShown',
  favOrder: 'favOrder',
  recentUpload: 'recentUpload',
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
