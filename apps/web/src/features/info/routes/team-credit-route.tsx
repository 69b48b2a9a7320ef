import { useLingui } from '@lingui/react';
import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { homePath, paths } from '@/lib/paths';
import { PageHeader } from '@/components/ui';
import { useMe } from '@/api/me';
import { MemberCard } from '@/features/info/components/member-card';
import { revealDelayMs, TEAM } from '@/features/info/lib/team';

/** /team-credit: the people behind the cafe and this app, then a thank-you and a way back. */
export function TeamCreditRoute() {
  const { _ } = useLingui();
  const me = useMe();
  const back = me ? homePath(me.role) : paths.login;
  const backLabel = !me
    ? _('info.team.backToLogin')
    : me.role === 'barista'
      ? _('info.team.backToOrders')
      : _('info.team.backToMyOrder');
  const closingDelay = revealDelayMs(TEAM.length, TEAM.length);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={_('info.team.title')} description={_('info.team.description')} />
      <ul className="grid gap-4 sm:grid-cols-2">
        {TEAM.map((member, index) => (
          <MemberCard key={member.id} member={member} delayMs={revealDelayMs(index, TEAM.length)} />
        ))}
      </ul>
      <section className="animate-rise-in space-y-4 text-center" style={{ animationDelay: `${closingDelay}ms` }}>
        <Heart aria-hidden="true" className="mx-auto h-7 w-7 fill-current text-[var(--danger)]" />
        <p className="text-lg font-semibold">{_('info.team.thanks')}</p>
        <Link to={back} className="btn-primary">
          {backLabel}
        </Link>
      </section>
    </div>
  );
}
