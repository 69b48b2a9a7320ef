import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { homePath, paths } from '@/lib/paths';
import { PageHeader } from '@/components/ui';
import { useMe } from '@/api/me';
import { MemberCard } from '@/features/info/components/member-card';
import { revealDelayMs, TEAM } from '@/features/info/lib/team';

/** /team-credit (SPEC "Team credit"): the people behind the cafe and this app. */
export function TeamCreditRoute() {
  const me = useMe();
  const back = me ? homePath(me.role) : paths.login;
  const backLabel = !me ? 'Back to Login' : me.role === 'barista' ? 'Back to orders' : 'Back to my order';
  const closingDelay = revealDelayMs(TEAM.length, TEAM.length);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Meet the team"
        description="The people who make your drinks and built this app. Forgot your password? Ask any of us at the counter and we will help you back in."
      />
      <ul className="grid gap-4 sm:grid-cols-2">
        {TEAM.map((member, index) => (
          <MemberCard key={member.id} member={member} delayMs={revealDelayMs(index, TEAM.length)} />
        ))}
      </ul>
      <section className="animate-rise-in space-y-4 text-center" style={{ animationDelay: `${closingDelay}ms` }}>
        <Heart aria-hidden="true" className="mx-auto h-7 w-7 fill-current text-[var(--danger)]" />
        <p className="text-lg font-semibold">Thank you for every cup you ordered and every tumbler you brought back!</p>
        <Link to={back} className="btn-primary">
          {backLabel}
        </Link>
      </section>
    </div>
  );
}
