import { Trans, useLingui } from '@lingui/react';
import { loadNamespaces } from '@/i18n';
import { LogIn, MailCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useMe } from '@/api/me';
import { useSettings } from '@/api/settings';
import { homePath, paths } from '@/lib/paths';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { registeredOf, stateText } from '@/features/auth/lib/navigation-state';

// The dialog's code and the messages its refusals need (the shared catalogue) come together.
const loadDialog = () =>
  Promise.all([import('@/features/auth/components/login-dialog'), loadNamespaces(['shared', 'people'])]).then(
    ([m]) => m,
  );
/** Starts the download early; a failure shows when the dialog is opened. */
const prefetchDialog = () => void loadDialog().catch(() => undefined);
const SingleSignOnPanel = lazy(() =>
  import('@/features/auth/components/single-sign-on-panel').then((m) => ({ default: m.SingleSignOnPanel })),
);
const LoginDialog = lazy(() => loadDialog().then((m) => ({ default: m.LoginDialog })));

/** Shown for the moment the dialog's code takes to arrive after a tap on Login. */
function DialogLoading() {
  const { _ } = useLingui();
  return (
    <div role="status" className="fixed inset-0 z-50 grid place-items-center bg-black/50">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{_('auth.login.opening')}</span>
    </div>
  );
}

/**
 * Where the registration's confirmation link went (deployments that confirm addresses). It stays
 * until the person leaves the screen, and takes the focus when it shows so that it is read first.
 */
function ConfirmationSentNotice({ email }: { email: string }) {
  const { _ } = useLingui();
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus({ preventScroll: true }), []);
  return (
    <div
      ref={notice}
      role="status"
      tabIndex={-1}
      className="flex items-start gap-3 rounded-2xl border border-[var(--success)] bg-[var(--success-soft)] px-4 py-3 text-left text-[var(--ink)] focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--accent)]"
    >
      <MailCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-[var(--success)]" />
      <p>{_('auth.register.checkEmail', { email })}</p>
    </div>
  );
}

/**
 * /login: welcome logo, a Login button opening the sign-in dialog. The dialog loads
 * when wanted; pointing at or focusing the button starts the download early. With single sign-on
 * configured, a second button signs in at the company's identity provider.
 */
export function LoginRoute() {
  const { _ } = useLingui();
  const me = useMe();
  const { singleSignOn, passwordReset } = useSettings();
  const location = useLocation();
  // The refusal the single sign-on screen brought back here (wrong domain, provider refused...).
  const [ssoError, setSsoError] = useState<string | null>(() => stateText(location.state, 'ssoError'));
  const registered = registeredOf(location.state);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [busy, setBusy] = useState(false);
  // Set while this screen signs someone in, so its own navigation wins over the redirect below.
  const [signingIn, setSigningIn] = useState(false);
  const loginButton = useRef<HTMLButtonElement>(null);

  if (me && !signingIn) return <Navigate to={homePath(me.role)} replace />;

  const handleBusyChange = (value: boolean) => {
    setBusy(value);
    if (value) setSigningIn(true);
  };

  const handleOpen = () => {
    setWanted(true);
    setOpen(true);
  };

  return (
    <AuthShell>
      <section className="card space-y-5 p-6 text-center">
        {registered?.confirmationSent ? <ConfirmationSentNotice email={registered.registeredEmail} /> : null}
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold">{_('auth.login.welcome')}</h1>
          <p className="text-[var(--ink-muted)]">{_('auth.login.intro')}</p>
        </div>
        <button
          ref={loginButton}
          type="button"
          className="btn-primary w-full text-lg"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={handleOpen}
          onPointerEnter={prefetchDialog}
          onFocus={prefetchDialog}
        >
          <LogIn aria-hidden="true" className="h-5 w-5" />
          {_('auth.login.open')}
        </button>
        {singleSignOn || ssoError ? (
          // The button's place is kept while its code arrives: the Login button above must not move
          // under a finger (or a pointer) that is already on its way to it.
          <Suspense fallback={singleSignOn ? <div className="min-h-11" aria-hidden="true" /> : null}>
            <SingleSignOnPanel name={singleSignOn?.name} error={ssoError} onError={setSsoError} />
          </Suspense>
        ) : null}
        {wanted ? (
          <Suspense fallback={open ? <DialogLoading /> : null}>
            <LoginDialog
              open={open}
              onOpenChange={setOpen}
              busy={busy}
              onBusyChange={handleBusyChange}
              returnFocusTo={loginButton}
              email={registered?.registeredEmail}
            />
          </Suspense>
        ) : null}
        <p className="text-sm text-[var(--ink-muted)]">
          {passwordReset ? (
            // With e-mail configured a forgotten password is reset by a link; else the team helps.
            <Link to={paths.forgotPassword} className="inline-block py-1 font-medium text-[var(--accent)] underline">
              {_('auth.login.forgotReset')}
            </Link>
          ) : (
            <Trans
              id="auth.login.forgot"
              components={{ 0: <Link to={paths.teamCredit} className="font-medium text-[var(--accent)] underline" /> }}
            />
          )}
        </p>
      </section>
      <p className="text-center text-sm text-[var(--ink-muted)]">
        <Trans
          id="auth.login.newHere"
          components={{ 0: <Link to={paths.create} className="font-medium text-[var(--accent)] underline" /> }}
        />
      </p>
      {/* Part of the first render (its message is in the start-up's catalogue): nothing moves when it shows. */}
      <p className="text-center text-sm">
        <Link to={paths.privacy} className="font-medium text-[var(--accent)] underline">
          {_('auth.login.privacy')}
        </Link>
      </p>
    </AuthShell>
  );
}
