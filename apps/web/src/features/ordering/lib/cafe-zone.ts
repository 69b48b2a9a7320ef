/**
 * The cafe's time zone for the Friday cut-off. The web app cannot read the server's
 * CAFE_TIMEZONE, so it uses the server's default; the server enforces the real rule anyway.
 */
export const CAFE_TIME_ZONE = 'Asia/Bangkok';
