/** Loads the app anew at `path` (a new role gets new screens, guards and live rooms from scratch). */
export function openAfresh(path: string): void {
  window.location.replace(path);
}
