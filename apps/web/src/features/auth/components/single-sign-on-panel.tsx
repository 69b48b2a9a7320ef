import { AlertMessage } from '@/components/ui';
import { SingleSignOnButton } from './single-sign-on-button';

/**
 * The sign-in screen's single sign-on part: "Sign in with <provider>" when the deployment has one,
 * and the refusal a sign-in brought back. Loaded only when there is either, so the start-up of
 * offices without single sign-on does not carry it.
 */
export function SingleSignOnPanel({
  name,
  error,
  onError,
}: {
  name?: string;
  error: string | null;
  onError: (message: string | null) => void;
}) {
  return (
    <>
      {name ? <SingleSignOnButton name={name} onError={onError} /> : null}
      {error ? <AlertMessage>{error}</AlertMessage> : null}
    </>
  );
}
