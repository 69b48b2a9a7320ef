import type { Site, SiteBarista, UserSearchResult } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { Search, UserMinus, UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { AlertMessage, ErrorState, LoadingBlock, Modal } from '@/components/ui';
import { siteBaristasQueryOptions } from '@/api/site-baristas';
import { useUserSearch } from '@/api/user-search';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { logFailure } from '@/lib/log-failure';
import { useSetSiteBaristas } from '@/features/sites/api/set-site-baristas';

interface SiteBaristasDialogProps {
  site: Site | null;
  onOpenChange: (open: boolean) => void;
}

/** Who runs a site's counter: its baristas, each removable, and a search to add more. */
export function SiteBaristasDialog({ site, onOpenChange }: SiteBaristasDialogProps) {
  const { _ } = useLingui();
  return (
    <Modal
      open={site !== null}
      onOpenChange={onOpenChange}
      title={site ? _('sites.baristas.title', { name: site.name }) : ''}
      description={_('sites.baristas.description')}
      size="lg"
    >
      {site ? <SiteBaristas site={site} /> : null}
    </Modal>
  );
}

function SiteBaristas({ site }: { site: Site }) {
  const { _ } = useLingui();
  const id = useId();
  const baristas = useQuery(siteBaristasQueryOptions(site.id));
  const save = useSetSiteBaristas(site.id);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const search = useUserSearch(query);
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (next: SiteBarista[] | UserSearchResult[], person: { name: string }) => {
    setFailure(null);
    try {
      await save.mutateAsync(next.map((b) => b.id));
    } catch (error) {
      logFailure('changing the baristas of a site failed', error);
      // The server names the ids that are not baristas; the person is named here instead.
      setFailure(
        isApiError(error, 'VALIDATION')
          ? _('sites.baristas.notBarista', { name: person.name })
          : (errorText(error) ?? _('sites.baristas.failed')),
      );
    }
  };

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
  };

  if (baristas.isPending) return <LoadingBlock label={_('sites.baristas.loading')} />;
  if (baristas.isError) {
    return <ErrorState message={_('sites.baristas.loadFailed')} onRetry={() => void baristas.refetch()} />;
  }
  const current = baristas.data;
  const assigned = new Set(current.map((b) => b.id));
  const found = query ? (search.data ?? []) : [];
  const searchStatus = !query
    ? ''
    : search.isFetching && found.length === 0
      ? _('sites.baristas.searching')
      : search.isError
        ? _('sites.baristas.searchFailed')
        : found.length === 0
          ? _('sites.baristas.nobody')
          : _('sites.baristas.found', { count: found.length });

  return (
    <div className="space-y-5">
      {failure ? <AlertMessage>{failure}</AlertMessage> : null}
      <section aria-labelledby={`${id}-current`}>
        <h3 id={`${id}-current`} className="mb-2 font-semibold">
          {_('sites.baristas.current')}
        </h3>
        {current.length === 0 ? (
          <p className="text-[var(--ink-muted)]">{_('sites.baristas.none')}</p>
        ) : (
          <ul className="space-y-2" aria-labelledby={`${id}-current`}>
            {current.map((barista) => (
              <li
                key={barista.id}
                className="flex items-center gap-3 rounded-xl border border-[var(--border)] px-3 py-2"
              >
                <PersonText person={barista} />
                <button
                  type="button"
                  className="btn-ghost min-w-11 px-2"
                  disabled={save.isPending}
                  aria-label={_('sites.baristas.remove', { name: barista.name })}
                  onClick={() =>
                    void change(
                      current.filter((b) => b.id !== barista.id),
                      barista,
                    )
                  }
                >
                  <UserMinus aria-hidden="true" className="h-5 w-5" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`${id}-add`}>
        <h3 id={`${id}-add`} className="mb-2 font-semibold">
          {_('sites.baristas.add')}
        </h3>
        <form role="search" onSubmit={handleSearch} className="flex gap-2">
          <label htmlFor={`${id}-search`} className="sr-only">
            {_('sites.baristas.searchLabel')}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className="input min-w-0 flex-1"
            placeholder={_('sites.baristas.searchPlaceholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            maxLength={50}
          />
          <button type="submit" className="btn-secondary" disabled={text.trim() === ''}>
            <Search aria-hidden="true" className="h-4 w-4" />
            {_('sites.baristas.find')}
          </button>
        </form>
        <p aria-live="polite" className="mt-1 text-sm text-[var(--ink-muted)]">
          {searchStatus}
        </p>
        {found.length > 0 ? (
          <ul className="mt-2 space-y-2" aria-label={_('sites.baristas.results')}>
            {found.map((person) => (
              <li
                key={person.id}
                className="flex items-center gap-3 rounded-xl border border-[var(--border)] px-3 py-2"
              >
                <PersonText person={person} />
                {assigned.has(person.id) ? (
                  <span className="text-sm text-[var(--ink-muted)]">{_('sites.baristas.already')}</span>
                ) : (
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={save.isPending}
                    aria-label={_('sites.baristas.addPerson', { name: person.name })}
                    onClick={() => void change([...current, person], person)}
                  >
                    <UserPlus aria-hidden="true" className="h-4 w-4" />
                    {_('sites.baristas.addShort')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

function PersonText({ person }: { person: { name: string; email: string } }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="truncate font-semibold">{person.name}</p>
      <p className="truncate text-sm text-[var(--ink-muted)]">{person.email}</p>
    </div>
  );
}
