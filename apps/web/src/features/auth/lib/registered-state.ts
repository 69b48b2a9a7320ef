/**
 * What the registration form hands the sign-in screen: the new account's address, to fill in the
 * sign-in form's e-mail field, and whether a confirmation link went to it. In the navigation's
 * state (nothing of it in the address bar).
 */
interface RegisteredState {
  registeredEmail: string;
  confirmationSent: boolean;
}

export function registeredState(email: string, confirmationSent: boolean): RegisteredState {
  return { registeredEmail: email, confirmationSent };
}

function registeredOf(state: unknown): RegisteredState | null {
  if (
    typeof state === 'object' &&
    state !== null &&
    'registeredEmail' in state &&
    typeof state.registeredEmail === 'string' &&
    'confirmationSent' in state &&
    typeof state.confirmationSent === 'boolean'
  )
    return { registeredEmail: state.registeredEmail, confirmationSent: state.confirmationSent };
  return null;
}

/** The address a confirmation link was just sent to, from the navigation's state; null otherwise. */
export function confirmationSentTo(state: unknown): string | null {
  const registered = registeredOf(state);
  return registered?.confirmationSent ? registered.registeredEmail : null;
}

/** The address of the account just made, from the navigation's state; null otherwise. */
export function registeredEmailOf(state: unknown): string | null {
  return registeredOf(state)?.registeredEmail ?? null;
}
