import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchMe, meQueryOptions, useMe } from '@/api/me';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { CafeLogo } from '@/components/layout/logo';
import { currentLanguage, msgId, setLanguage } from '@/i18n';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { paths } from '@/lib/paths';
import { reconnectSocket } from '@/lib/socket';
import { tokenStorage } from '@/lib/storage-keys';
import { fetchLiffSettings, fetchMessageLanguage, startLineSession } from '@/features/chat/api/line-liff';
import { languageOfLine, loadLiffSdk } from '@/features/chat/lib/liff-sdk';

/** Where the LIFF page is: signing in, or why it cannot. */
export type LiffPhase =
  | { kind: 'working' }
  | { kind: 'notConfigured' }
  /** Not linked (or unlinked, or the account is gone): the server's words (`words`), with the one-time link. */
  | { kind: 'notLinked'; words: string; url: string | null }
  | { kind: 'staff' }
  /** LINE did not accept the sign-in (no text), or the server refused it otherwise (its words). */
  | { kind: 'refused'; text: string | null }
  /** No connection, LINE's SDK did not load or start: try again. */
  | { kind: 'failed' };

/**
 * The server's refusals of a LINE account not linked (the people catalogue's part for LINE, which
 * the web does not load), in the web's words with the same values.
 */
const LINK_WORDS: Record<string, string> = {
  'people.line.link.notLinked': msgId('chat.liff.notLinked'),
  'people.line.link.revoked': msgId('chat.liff.revoked'),
  'people.line.link.accountGone': msgId('chat.liff.accountGone'),
};

/** What a refusal of POST /line/session means for the page. */
function phaseOfRefusal(error: unknown): LiffPhase {
  if (!isApiError(error) || error.status === 0) return { kind: 'failed' };
  if (error.status === 404) return { kind: 'notConfigured' };
  const words = error.text ? LINK_WORDS[error.text.id] : undefined;
  const url = error.text?.values?.url;
  if (error.status === 403 && words) return { kind: 'notLinked', words, url: typeof url === 'string' ? url : null };
  if (error.status === 403) return { kind: 'staff' };
  if (error.status === 401) return { kind: 'refused', text: null };
  return { kind: 'refused', text: errorText(error) ?? error.message };
}

/**
 * /line: the menu inside LINE (a LIFF app, docs/line.md). LINE's SDK gives the page the person's ID
 * token; the server trades it for a session of the person the LINE account is linked to, stored as
 * the login screen stores it, and the person lands on the ordering screen. Before the sign-in the
 * page speaks LINE's language, after it the account's. Someone already signed in goes on at once.
 */
export function LineLiffRoute() {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const [phase, setPhase] = useState<LiffPhase>({ kind: 'working' });
  const [attempt, setAttempt] = useState(0);

  // Each attempt signs in once, even when React runs the effect twice.
  const started = useRef(-1);

  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    const show = setPhase;
    async function signIn(): Promise<void> {
      if (me?.role === 'user') {
        await navigate(paths.home, { replace: true });
        return;
      }
      const settings = await fetchLiffSettings().catch((error: unknown) => {
        show(isApiError(error) && error.status === 404 ? { kind: 'notConfigured' } : { kind: 'failed' });
        return null;
      });
      if (!settings) return;
      const liff = await loadLiffSdk()
        .then(async (sdk) => {
          await sdk.init({ liffId: settings.liffId });
          return sdk;
        })
        .catch((error: unknown) => {
          console.error('LINE’s LIFF SDK did not start', error);
          show({ kind: 'failed' });
          return null;
        });
      if (!liff) return;
      const lineLanguage = languageOfLine(liff.getLanguage());
      if (lineLanguage !== currentLanguage()) await setLanguage(lineLanguage);
      if (!liff.isLoggedIn()) {
        // LINE's browser is signed in already; another browser goes to LINE's sign-in and comes back here.
        liff.login({ redirectUri: window.location.href });
        return;
      }
      const idToken = liff.getIDToken();
      if (!idToken) return show({ kind: 'refused', text: null });
      const pair = await startLineSession(idToken).catch((error: unknown) => {
        show(phaseOfRefusal(error));
        return null;
      });
      if (!pair) return;
      tokenStorage.save(pair.accessToken, pair.refreshToken);
      try {
        const [person, language] = await Promise.all([fetchMe(), fetchMessageLanguage()]);
        queryClient.setQueryData(meQueryOptions().queryKey, person);
        reconnectSocket();
        if (language !== currentLanguage()) await setLanguage(language);
        await navigate(paths.home, { replace: true });
      } catch (error) {
        tokenStorage.clear();
        show(phaseOfRefusal(error));
      }
    }
    void signIn();
    // Started again by the retry button only (a sign-in is not repeated when the language changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const retry = () => {
    setPhase({ kind: 'working' });
    setAttempt((n) => n + 1);
  };

  return (
    // At 360 px and up: one column, nothing wider than the screen.
    <div className="grid min-h-dvh place-items-center bg-[radial-gradient(circle_at_top,var(--accent-soft),var(--surface)_60%)] p-4 text-[var(--ink)]">
      <header className="fixed top-3 right-3">
        <LanguageSwitch />
      </header>
      <main id="main" className="w-full max-w-md min-w-0 space-y-6">
        <CafeLogo className="mx-auto h-16 w-16 drop-shadow-md" />
        <section className="card flex flex-col items-center gap-4 p-6 text-center" aria-labelledby="liff-title">
          <h1 id="liff-title" className="text-2xl font-semibold">
            {_('chat.liff.title')}
          </h1>
          <div role="status" className="w-full space-y-3 [overflow-wrap:anywhere]">
            {phase.kind === 'working' ? (
              <p className="flex items-center justify-center gap-3">
                <span className="spinner" aria-hidden="true" />
                {_('chat.liff.signingIn')}
              </p>
            ) : null}
            {phase.kind === 'notConfigured' ? <p>{_('chat.liff.notConfigured')}</p> : null}
            {phase.kind === 'notLinked' ? (
              <>
                {phase.url ? <h2 className="text-lg font-semibold">{_('chat.liff.notLinkedTitle')}</h2> : null}
                <p data-testid="liff-link-words">{_(phase.words, { url: phase.url ?? '' })}</p>
                {phase.url ? (
                  <a className="btn-primary inline-flex w-full justify-center" href={phase.url}>
                    {_('chat.liff.openLink')}
                  </a>
                ) : null}
              </>
            ) : null}
            {phase.kind === 'staff' ? (
              <>
                <h2 className="text-lg font-semibold">{_('chat.liff.staffTitle')}</h2>
                <p>{_('chat.liff.staff')}</p>
              </>
            ) : null}
            {phase.kind === 'refused' ? <p>{phase.text ?? _('chat.liff.refused')}</p> : null}
            {phase.kind === 'failed' ? <p>{_('chat.liff.failed')}</p> : null}
          </div>
          {phase.kind === 'failed' || phase.kind === 'refused' ? (
            <button type="button" className="btn-primary w-full" onClick={retry}>
              {_('chat.liff.retry')}
            </button>
          ) : null}
        </section>
      </main>
    </div>
  );
}
