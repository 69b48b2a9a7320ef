import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { homePath, paths } from '@/lib/paths';
import { useMe } from '@/api/me';
import { IconBadge } from '@/components/ui';

/** /unauthorized and every unknown address: the denied page, with a way home for the role. */
export function UnauthorizedRoute() {
  const me = useMe();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-12 text-center">
      <IconBadge icon={ShieldAlert} tone="danger" />
      <h1 className="text-2xl font-semibold">You can't open this page</h1>
      <p className="text-[var(--ink-muted)]">
        {me
          ? 'This page does not exist, or your account is not allowed to see it.'
          : 'This page does not exist, or you need to sign in first.'}
      </p>
      {me ? (
        <Link to={homePath(me.role)} className="btn-primary">
          Back to home
        </Link>
      ) : (
        <Link to={paths.login} className="btn-primary">
          Go to Login
        </Link>
      )}
    </section>
  );
}
