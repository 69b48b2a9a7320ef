import { KeyRound } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { IconBadge } from '@/components/ui';
import { paths } from '@/lib/paths';
import { AuthShell } from './auth-shell';

/** The card of the password reset screens: a key over the title, and the way back to sign in under the form. */
export function PasswordResetCard({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  const id = useId();
  return (
    <AuthShell>
      <section className="card flex flex-col gap-5 p-6" aria-labelledby={`${id}-title`}>
        <IconBadge icon={KeyRound} tone="accent" />
        <h1 id={`${id}-title`} className="text-2xl font-semibold">
          {title}
        </h1>
        {children}
        <Link to={paths.login} className="font-medium text-[var(--accent)] underline">
          {back}
        </Link>
      </section>
    </AuthShell>
  );
}
