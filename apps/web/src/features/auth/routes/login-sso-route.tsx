import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { i18n } from '@/i18n';
import { paths } from '@/lib/paths';
import { finishSingleSignOn } from '@/features/auth/api/sso';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { useSessionStart } from '@/features/auth/hooks/use-sign-in';

/**
 * /login/sso: where the company's identity provider sends people back. The provider's answer (the
 * query string) goes to the server, which trades it for the same token pair as a password sign-in;
 * then the person lands where their role lands. A refusal goes back to /login, which shows it.
 */
export function LoginSsoRoute() {
  const { _ } = useLingui();
  const { search } = useLocation();
  const navigate = useNavigate();
  const startSession = useSessionStart();
  // The answer is good once: it is sent once, even when React runs the effect twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    startSession(() => finishSingleSignOn(search)).catch(async (error: unknown) => {
      console.error('single sign-on failed', error);
      // Loaded on a refusal only: this screen is part of the start-up code, the shared rules' texts are not.
      const { refusalOr } = await import('@/lib/error-text');
      const message = refusalOr(error, i18n._('auth.sso.failed'));
      void navigate(paths.login, { replace: true, state: { ssoError: message } });
    });
  }, [navigate, search, startSession]);

  return (
    <AuthShell>
      <section className="card grid place-items-center gap-3 p-6 text-center" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>{_('auth.sso.signingIn')}</p>
      </section>
    </AuthShell>
  );
}
