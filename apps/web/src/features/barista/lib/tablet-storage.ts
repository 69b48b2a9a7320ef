/** A setting of this tablet (local storage), or null when there is none or storage is blocked. */
export function readSetting(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps settings on this tablet, in order; with storage full or blocked they still hold for this visit. */
export function keepSettings(settings: Record<string, string>): void {
  try {
    for (const [key, value] of Object.entries(settings)) localStorage.setItem(key, value);
  } catch {
    // storage full or blocked: the caller's state holds until the page is left
  }
}
