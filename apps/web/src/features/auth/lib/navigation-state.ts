/** What one screen leaves the next in the navigation's state (nothing of it in the address bar). */
function stateField(state: unknown, key: string): unknown {
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[key] : undefined;
}

/** A text left under `key` (where the person was heading, a refusal to show); null when there is none. */
export function stateText(state: unknown, key: string): string | null {
  const value = stateField(state, key);
  return typeof value === 'string' ? value : null;
}

/**
 * What the registration form hands the sign-in screen: the new account's address, to fill in the
 * sign-in form's e-mail field, and whether a confirmation link went to it.
 */
interface RegisteredState {
  registeredEmail: string;
  confirmationSent: boolean;
}

export function registeredState(email: string, confirmationSent: boolean): RegisteredState {
  return { registeredEmail: email, confirmationSent };
}

/** The registration's hand-over, from the navigation's state; null when the screen was reached otherwise. */
export function registeredOf(state: unknown): RegisteredState | null {
  const registeredEmail = stateText(state, 'registeredEmail');
  const confirmationSent = stateField(state, 'confirmationSent');
  return registeredEmail !== null && typeof confirmationSent === 'boolean'
    ? { registeredEmail, confirmationSent }
    : null;
}
