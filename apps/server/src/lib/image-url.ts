/** Where stored images are served; the only URLs a cafe order accepts as its tumbler photo. */
const IMAGE_PATH_PREFIX = '/api/images/';

export function imageUrl(name: string): string {
  return `${IMAGE_PATH_PREFIX}${name}`;
}

const ISSUED_URL = /^(?:https?:\/\/[^/\s?#]+)?\/api\/images\/([A-Za-z0-9][A-Za-z0-9._-]{0,99})$/;

/**
 * The stored image name in a URL this server hands out, in its relative form
 * (`/api/images/<name>`) or absolute (`https://host/api/images/<name>`); null for anything else.
 */
export function imageNameFromUrl(url: string): string | null {
  return ISSUED_URL.exec(url.trim())?.[1] ?? null;
}

/** The bus topic of photos deleted (the clean-up, an account's deletion): every process forgets them. */
export const IMAGES_REMOVED_TOPIC = 'images-removed';
