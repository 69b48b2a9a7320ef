import type { Session, SessionList } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useId, useState } from 'react';
import { formatLocale } from '@/i18n';
import { AlertMessage, ConfirmDialog, ErrorState, LoadingBlock } from '@/components/ui';
import { HeadedSection } from '@/components/ui/headed-section';
import { useActionFailure } from '@/components/ui/use-confirm-about';
import { errorText } from '@/lib/error-text';
import { logFailure } from '@/lib/log-failure';
import { useEndSessions, type EndSessionsTarget } from '@/features/notifications/api/end-sessions';
import { useSessions } from '@/features/notifications/api/get-sessions';
import { useSignInAgain } from '@/features/notifications/api/sign-in-again';

const when = (iso: string) =>
  new Intl.DateTimeFormat(formatLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** What is being ended, with the words the dialog says it with. */
interface Ending {
  target: EndSessionsTarget;
  device?: string;
}

/**
 * The profile's "Signed-in devices" (ASVS 7.5.2): every session of the person (one per sign-in on a
 * device), this device marked, and ending one or every other after the password (an account without
 * one: after a sign-in of the last 10 minutes at the company sign-in).
 */
export function SessionsSection() {
  const { _ } = useLingui();
  const id = useId();
  const sessions = useSessions();
  const end = useEndSessions();
  const signInAgain = useSignInAgain();
  const [ending, setEnding] = useState<Ending | null>(null);
  const [password, setPassword] = useState('');
  const { failure, clear, attempt } = useActionFailure();
  const [done, setDone] = useState<string | null>(null);

  const deviceName = (session: Session) => {
    const { browser, system } = session.device;
    if (browser && system) return _('notifications.sessions.device', { browser, system });
    return browser ?? system ?? _('notifications.sessions.unknownDevice');
  };

  const handleOpenChange = (open: boolean) => {
    if (!open) {
      setEnding(null);
      setPassword('');
      clear();
    }
  };

  const handleConfirm = async () => {
    if (!ending) return;
    const answer = await attempt(
      'ending sessions failed',
      end.mutateAsync({ target: ending.target, body: password ? { password } : {} }),
      (error) => errorText(error) ?? _('notifications.sessions.failed'),
    );
    setDone(
      'sessionId' in ending.target
        ? _('notifications.sessions.ended')
        : _('notifications.sessions.endedOthers', { count: answer.ended }),
    );
    setPassword('');
  };

  let body;
  if (sessions.isPending) body = <LoadingBlock label={_('notifications.sessions.loading')} />;
  else if (sessions.isError) {
    body = <ErrorState message={_('notifications.sessions.loadFailed')} onRetry={() => void sessions.refetch()} />;
  } else body = renderList(sessions.data);

  function renderList(list: SessionList) {
    const mayEnd = list.confirmWith === 'password' || list.recentSignInUntil !== null;
    const others = list.sessions.filter((session) => !session.current);
    return (
      <div className="space-y-3">
        <ul className="card divide-y divide-[var(--border)]" aria-label={_('notifications.sessions.heading')}>
          {list.sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-3 p-4" data-testid="session">
              <MonitorSmartphone aria-hidden="true" className="h-5 w-5 shrink-0 text-[var(--ink-muted)]" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  {deviceName(session)}
                  {session.current ? (
                    <span className="ml-2 rounded-full bg-[var(--accent-soft)] px-2 py-0.5 text-xs font-medium text-[var(--accent-on-soft)]">
                      {_('notifications.sessions.thisDevice')}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-[var(--ink-muted)]">
                  {_('notifications.sessions.signedIn', { time: when(session.createdAt) })} ·{' '}
                  {_('notifications.sessions.lastUsed', { time: when(session.lastUsedAt) })}
                  {session.signInMethod === 'sso' ? ` · ${_('notifications.sessions.viaSso')}` : ''}
                  {session.signInMethod === 'line' ? ` · ${_('notifications.sessions.viaLine')}` : ''}
                </p>
              </div>
              {!session.current && mayEnd ? (
                <button
                  type="button"
                  className="btn-secondary"
                  aria-label={_('notifications.sessions.endNamed', { device: deviceName(session) })}
                  onClick={() => {
                    setDone(null);
                    setEnding({ target: { sessionId: session.id }, device: deviceName(session) });
                  }}
                >
                  {_('notifications.sessions.end')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        {others.length === 0 ? <p className="text-sm">{_('notifications.sessions.empty')}</p> : null}
        {!mayEnd ? (
          <div className="space-y-2">
            <p className="text-sm">{_('notifications.sessions.signInAgainHint')}</p>
            <button
              type="button"
              className="btn-secondary"
              disabled={signInAgain.isPending}
              onClick={() =>
                signInAgain.mutate(undefined, { onError: (e) => logFailure('signing in again failed', e) })
              }
            >
              {_('notifications.sessions.signInAgain')}
            </button>
            {signInAgain.isError ? <AlertMessage>{errorText(signInAgain.error)}</AlertMessage> : null}
          </div>
        ) : null}
        {others.length > 0 && mayEnd ? (
          <button
            type="button"
            className="btn-danger"
            onClick={() => {
              setDone(null);
              setEnding({ target: { others: true } });
            }}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            {_('notifications.sessions.endOthers')}
          </button>
        ) : null}
        {done ? <p role="status">{done}</p> : null}
        <ConfirmDialog
          open={ending !== null}
          onOpenChange={handleOpenChange}
          title={
            ending && 'sessionId' in ending.target
              ? _('notifications.sessions.endTitle')
              : _('notifications.sessions.endOthersTitle')
          }
          text={
            ending && 'sessionId' in ending.target
              ? _('notifications.sessions.endText', { device: ending.device ?? '' })
              : _('notifications.sessions.endOthersText')
          }
          confirmLabel={
            ending && 'sessionId' in ending.target
              ? _('notifications.sessions.confirmEnd')
              : _('notifications.sessions.confirmEndOthers')
          }
          closeLabel={_('notifications.sessions.keep')}
          tone="danger"
          confirmDisabled={list.confirmWith === 'password' && password === ''}
          onConfirm={handleConfirm}
        >
          {list.confirmWith === 'password' ? (
            <div className="mt-4">
              <label htmlFor={`${id}-password`} className="label">
                {_('notifications.sessions.password')}
              </label>
              <input
                id={`${id}-password`}
                type="password"
                className="input"
                autoComplete="current-password"
                value={password}
                onChange={(event) => {
                  clear();
                  setPassword(event.target.value);
                }}
              />
            </div>
          ) : null}
          {failure ? <AlertMessage className="mt-3">{failure}</AlertMessage> : null}
        </ConfirmDialog>
      </div>
    );
  }

  return (
    <HeadedSection heading={_('notifications.sessions.heading')} className="mt-8">
      <p className="text-sm text-[var(--ink-muted)]">{_('notifications.sessions.intro')}</p>
      {body}
    </HeadedSection>
  );
}
