/** What this browser keeps under `key` in its local storage, or null: nothing, or no storage (refused, private mode). */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
