import { useLingui } from '@lingui/react';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { useMe } from '@/api/me';
import { IconBadge } from '@/components/ui/icon-badge';
import { homePath } from '@/lib/paths';

/** The generic error screen: "Sorry, something went wrong :(" and a Back to home button (homePath). */
export function ErrorScreen({ error }: { error: unknown }) {
  const { _ } = useLingui();
  const role = useMe()?.role ?? 'user';
  if (error) console.error(error);
  const home = homePath(role);
  return (
    <main className="grid min-h-dvh place-items-center bg-[var(--surface)] p-6 text-center text-[var(--ink)]">
      <div className="flex max-w-lg flex-col items-center gap-4">
        <IconBadge icon={TriangleAlert} tone="warning" />
        <h1 className="text-2xl font-semibold">{_('common.spec.genericError')}</h1>
        <Link to={home} className="btn-primary" reloadDocument>
          {_('common.errorScreen.home')}
        </Link>
      </div>
    </main>
  );
}
