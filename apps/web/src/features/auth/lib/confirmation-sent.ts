/**
 * What the registration form hands the sign-in screen when a confirmation link went out: the
 * address it went to, in the navigation's state (nothing of it in the address bar).
 */
interface ConfirmationSentState {
  confirmationSentTo: string;
}

export function confirmationSentState(email: string): ConfirmationSentState {
  return { confirmationSentTo: email };
}

/** The address a confirmation link was just sent to, from the navigation's state; null otherwise. */
export function confirmationSentTo(state: unknown): string | null {
  if (
    typeof state === 'object' &&
    state !== null &&
    'confirmationSentTo' in state &&
    typeof state.confirmationSentTo === 'string'
  )
    return state.confirmationSentTo;
  return null;
}
