import { useLingui } from '@lingui/react';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { RegisterForm } from '@/features/auth/components/register-form';

/** /create: "Create New Account" with the registration form. */
export function RegisterRoute() {
  const { _ } = useLingui();
  return (
    <AuthShell>
      <section className="card space-y-5 p-6">
        <h1 className="text-center text-2xl font-semibold">{_('auth.register.title')}</h1>
        <RegisterForm />
      </section>
    </AuthShell>
  );
}
