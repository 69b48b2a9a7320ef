import { useLingui } from '@lingui/react';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { homePath, paths } from '@/lib/paths';
import { useMe } from '@/api/me';
import { IconBadge } from '@/components/ui';

/** /unauthorized and every unknown address: the denied page, with a way home for the role. */
export function UnauthorizedRoute() {
  const { _ } = useLingui();
  const me = useMe();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-12 text-center">
      <IconBadge icon={ShieldAlert} tone="danger" />
      <h1 className="text-2xl font-semibold">{_('info.unauthorized.title')}</h1>
      <p className="text-[var(--ink-muted)]">
        {me ? _('info.unauthorized.notAllowed') : _('info.unauthorized.signInFirst')}
      </p>
      {me ? (
        <Link to={homePath(me.role)} className="btn-primary">
          {_('info.unauthorized.backHome')}
        </Link>
      ) : (
        <Link to={paths.login} className="btn-primary">
          {_('info.unauthorized.goToLogin')}
        </Link>
      )}
    </section>
  );
}
