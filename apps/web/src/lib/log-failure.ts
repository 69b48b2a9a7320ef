import { isApiError } from './api-client';

/**
 * Logs a failed call. A refusal the app expects and shows the person (any 4xx answer: a taken
 * e-mail, a wrong password, the daily limit, too many attempts) goes to the debug level, so the
 * console stays clean in normal use; anything else (the server failing, the network, a bug) is an
 * error.
 */
export function logFailure(what: string, error: unknown): void {
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    console.debug(what, `${error.status} ${error.code}: ${error.message}`);
  } else {
    console.error(what, error);
  }
}
