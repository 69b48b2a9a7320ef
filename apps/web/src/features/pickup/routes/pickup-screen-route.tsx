import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PICKUP_SCREEN } from '@/lib/paths';
import { isApiError } from '@/lib/api-client';
import { pickupBoardQueryOptions } from '../api/get-pickup-board';
import { PickupColumns } from '../components/pickup-columns';
import { usePickupLive, type ConnectScreen } from '../hooks/use-pickup-live';
import { useWakeLock } from '@/hooks/use-wake-lock';

/**
 * The pickup screen (/pickup#{token}): a TV or tablet at the counter, signed in as nobody. Two
 * columns, Preparing and Ready, live; an offline banner while the connection is down, and a fresh
 * read when it is back; the screen kept on. Its link is all it has (docs/api/pickup-screen.md).
 * A link made before the token moved into the fragment (/pickup/{token}) still opens it, and the
 * address is rewritten at once so the token leaves the history and every later request.
 */
export function PickupScreenRoute({ connect }: { connect?: ConnectScreen } = {}) {
  const { token: inPath } = useParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const token = inPath ?? decodeURIComponent(hash.replace(/^#/, ''));
  useEffect(() => {
    if (inPath) void navigate(`${PICKUP_SCREEN}#${encodeURIComponent(inPath)}`, { replace: true });
  }, [inPath, navigate]);
  return <PickupScreen token={token} connect={connect} />;
}

export function PickupScreen({ token, connect }: { token: string; connect?: ConnectScreen }) {
  const { _ } = useLingui();
  const board = useQuery(pickupBoardQueryOptions(token));
  const live = usePickupLive(token, connect);
  const revoked = live.revoked || isApiError(board.error, 'NOT_FOUND');
  useWakeLock(!revoked);

  useEffect(() => {
    const before = document.title;
    document.title = board.data ? `${_('pickup.screen.title')} · ${board.data.site.name}` : _('pickup.screen.title');
    return () => {
      document.title = before;
    };
  }, [board.data, _]);

  let body;
  if (revoked) {
    body = (
      <div role="alert" data-testid="pickup-revoked" className="m-auto max-w-4xl text-center">
        <h1 className="text-[clamp(2rem,4vw,4.5rem)] font-bold">{_('pickup.screen.revokedTitle')}</h1>
        <p className="mt-4 text-[clamp(1.25rem,2.2vw,2.5rem)] text-neutral-200">{_('pickup.screen.revoked')}</p>
      </div>
    );
  } else if (!board.data) {
    body = (
      <p role="status" className="m-auto text-[clamp(1.5rem,2.5vw,3rem)] text-neutral-200">
        {board.isError ? _('pickup.screen.failed') : _('pickup.screen.loading')}
      </p>
    );
  } else {
    body = (
      <>
        <header className="mb-[1.5vh] flex items-baseline justify-between gap-4">
          <h1 className="truncate text-[clamp(1.75rem,2.8vw,3.5rem)] font-bold">
            {_('pickup.screen.heading', { site: board.data.site.name })}
          </h1>
        </header>
        <PickupColumns board={board.data} />
      </>
    );
  }

  // The banner shows only once the screen has something to show: before that, loading says it.
  const offline = !revoked && board.data !== undefined && live.offline;
  return (
    <main className="flex h-dvh flex-col overflow-hidden bg-neutral-950 p-[1.5vw] text-white">
      {offline ? (
        <div
          role="status"
          data-testid="pickup-offline"
          className="mb-[1.5vh] rounded-xl bg-amber-300 px-4 py-2 text-center text-[clamp(1.1rem,1.8vw,2.2rem)] font-semibold text-neutral-950"
        >
          {_('pickup.screen.offline')}
        </div>
      ) : null}
      {body}
    </main>
  );
}
