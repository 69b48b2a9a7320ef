import { useLingui } from '@lingui/react';
import { LogOut } from 'lucide-react';
import { useLogout } from '@/api/logout';
import { cn } from '@/lib/cn';

/** Logout: marks the person inactive, clears this device and goes to /login. */
export function LogoutButton({ className, onDone }: { className?: string; onDone?: () => void }) {
  const { _ } = useLingui();
  const { logout, pending } = useLogout();
  const handleLogout = async () => {
    await logout();
    onDone?.();
  };
  return (
    <button
      type="button"
      className={cn('btn-secondary', className)}
      onClick={() => void handleLogout()}
      disabled={pending}
      aria-busy={pending || undefined}
    >
      <LogOut aria-hidden="true" className="h-4 w-4" />
      {_('common.nav.logout')}
    </button>
  );
}
