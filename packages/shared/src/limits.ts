/** Business constants (docs/api.md "Shared rules"). */
export const LIMITS = {
  dailyCafeOrders: 2,
  displayNameMax: 20,
  menuNameMax: 25,
  categoryNameMax: 25,
  descriptionMax: 50,
  remarkMax: 50,
  otherRejectReasonMax: 27,
  rejectNoteMax: 60,
  userListNameCut: 14,
  passwordMin: 8,
  passwordMax: 128,
  /** The e-mail column holds 320 characters (64 local part + @ + 255 domain). */
  emailMax: 320,
  /** Refresh tokens this server issues are 43 characters; anything far longer is not one of them. */
  refreshTokenMax: 512,
  /** The query string an identity provider sends back after single sign-on (code, state, issuer). */
  ssoCallbackQueryMax: 4096,
  /** Ids are 4-byte integers in the database (PostgreSQL serial / integer). */
  idMax: 2_147_483_647,
  uploadMaxBytes: 5 * 1024 * 1024,
  orderRadiusKm: 1,
  historyRefreshMs: 5000,
  /** Barista history pages (GET /order/history/barista): the size the web asks for, and the largest. */
  historyPageSize: 50,
  historyPageMax: 100,
  statsPageSize: 10,
  /** Orders one bulk Do / Done / reject may carry. */
  bulkOrdersMax: 50,
  /** How long after a barista's Do, Done or reject it can still be taken back. */
  undoWindowSeconds: 30,
  cafeMenuTabs: 3,
  failedOrderRedirectMs: 2000,
  /** How long the web keeps an answer no screen uses (docs/api.md: 5 minutes). */
  queryCacheMs: 5 * 60 * 1000,
} as const;

export const HOURS = {
  cafe: { open: 9, close: 16, label: 'Cafe: every working day 9:00 - 16:00' },
  bar: { weekday: 5, open: 15, close: 18, label: 'Bar: Friday 15:00 - 18:00' },
  fridayCafeCutoffHour: 12,
} as const;

export const FINES = { cocktailGlassThb: 100, shotGlassThb: 80 } as const;

/** Accepted upload types (decided by the bytes, not the name). */
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/heif'] as const;
export const UPLOAD_ACCEPT = '.heic,.heif,.png,.jpeg,.jpg,image/heic,image/heif,image/png,image/jpeg';
