import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useMe } from '@/api/me';
import { homePath, paths } from '@/lib/paths';
import { Modal } from '@/components/ui';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { LoginForm } from '@/features/auth/components/login-form';

/** /login (SPEC "Login"): welcome logo, a Login button opening the sign-in dialog. */
export function LoginRoute() {
  const me = useMe();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Set while this screen signs someone in, so its own navigation wins over the redirect below.
  const [signingIn, setSigningIn] = useState(false);

  if (me && !signingIn) return <Navigate to={homePath(me.role)} replace />;

  const handleBusyChange = (value: boolean) => {
    setBusy(value);
    if (value) setSigningIn(true);
  };

  return (
    <AuthShell>
      <section className="card space-y-5 p-6 text-center">
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold">Welcome to the Office Cafe</h1>
          <p className="text-[var(--ink-muted)]">
            Order your coffee, tea or Friday drink from your phone and pick it up at the bar.
          </p>
        </div>
        <Modal
          open={open}
          onOpenChange={(next) => {
            if (!busy) setOpen(next);
          }}
          title="Login"
          description="Sign in with your company e-mail."
          size="sm"
          hideCloseButton={busy}
          trigger={
            <button type="button" className="btn-primary w-full text-lg">
              <LogIn aria-hidden="true" className="h-5 w-5" />
              Login
            </button>
          }
        >
          <LoginForm onBusyChange={handleBusyChange} />
        </Modal>
        <p className="text-sm text-[var(--ink-muted)]">
          Forgot your password? Please{' '}
          <Link to={paths.teamCredit} className="font-medium text-[var(--accent)] underline">
            contact the team
          </Link>
          .
        </p>
      </section>
      <p className="text-center text-sm text-[var(--ink-muted)]">
        New here?{' '}
        <Link to={paths.create} className="font-medium text-[var(--accent)] underline">
          Create a new account
        </Link>
      </p>
    </AuthShell>
  );
}
