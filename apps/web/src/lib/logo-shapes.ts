/*
 * The cafe logo's shapes on its 48 by 48 tile, in one place for the two that draw it: the app's
 * top bar (components/layout/logo.tsx) and the cafe menu's frame drawn before the app
 * (early-frame.ts). A plain module: the frame's script is written into every page and must stay
 * small.
 */

/** The cup. */
export const CAFE_CUP = 'M11 19h21v10a8 8 0 0 1-8 8h-5a8 8 0 0 1-8-8z';
/** Its handle. */
export const CAFE_HANDLE = 'M32 22h3a4.5 4.5 0 0 1 0 9h-3';
/** Two wisps of steam. */
export const CAFE_STEAM = 'M17 9c0 3 3 3 3 6M24 9c0 3 3 3 3 6';
