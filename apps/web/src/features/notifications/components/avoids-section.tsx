import type { DietTag } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  useForgetMyHealthConsent,
  useMyAvoids,
  useMyAvoidsAwaitingConsent,
  useMyHealthConsent,
  useSetMyAvoids,
} from '@/api/avoids';
import { useSettings } from '@/api/settings';
import { DietTagsField } from '@/components/diet/diet-tags-field';
import { AlertMessage } from '@/components/ui';
import { HeadedSection } from '@/components/ui/headed-section';
import { isApiError } from '@/lib/api-client';
import { formatCafeDate } from '@/lib/cafe-time';
import { logFailure } from '@/lib/log-failure';
import { WithdrawConsentDialog } from './withdraw-consent-dialog';

/**
 * The profile's "What you cannot drink" (docs/allergens.md): the allergens, caffeine and diet the
 * person avoids. The menu, the order form and "Order again" then mark drinks with them and ask
 * before placing one; the barista's ticket shows them.
 *
 * The list is health data: it is saved only with the person's consent, asked here on its own
 * (a checkbox with what is kept and why), and they can withdraw it, which erases the list
 * (docs/decisions/0068-health-data-consent.md). A list saved before consent was asked for waits,
 * unused, until they agree or erase it.
 */
export function AvoidsSection() {
  const { _ } = useLingui();
  const id = useId();
  const { cafeTimeZone } = useSettings();
  const saved = useMyAvoids();
  const awaiting = useMyAvoidsAwaitingConsent();
  const consent = useMyHealthConsent();
  const save = useSetMyAvoids();
  const forgetConsent = useForgetMyHealthConsent();
  const consentBox = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<DietTag[] | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [erased, setErased] = useState(false);

  const waiting = !consent.given && awaiting.length > 0;
  const value = draft ?? (waiting ? awaiting : saved);
  const changed = value.join() !== saved.join();
  const needsConsent = !consent.given && value.length > 0;

  // The consent box takes the focus when it is asked for (once it is on the screen).
  const [consentAsked, setConsentAsked] = useState(0);
  useEffect(() => {
    if (consentAsked > 0) consentBox.current?.focus();
  }, [consentAsked]);
  const askForConsent = () => {
    setConsentMissing(true);
    setConsentAsked((n) => n + 1);
  };

  const handleSave = () => {
    setErased(false);
    if (needsConsent && !agreed) {
      askForConsent();
      return;
    }
    save.mutate(
      { avoids: value, ...(needsConsent ? { consent: true as const } : {}) },
      {
        onSuccess: () => {
          setDraft(null);
          setAgreed(false);
          setConsentMissing(false);
        },
        onError: (error) => {
          logFailure('saving what the person avoids failed', error);
          // Withdrawn meanwhile (another device): ask for it again.
          if (isApiError(error, 'HEALTH_CONSENT_REQUIRED')) {
            forgetConsent();
            setAgreed(false);
            askForConsent();
          }
        },
      },
    );
  };

  const handleWithdrawn = () => {
    setDraft(null);
    setAgreed(false);
    setConsentMissing(false);
    save.reset();
    setErased(true);
  };

  const consentError = consentMissing && needsConsent && !agreed;
  let status: string | null = null;
  if (erased) status = _('notifications.avoidsConsent.erased');
  else if (save.isSuccess && !changed) status = _('shared.diet.profile.saved');

  return (
    <HeadedSection heading={_('shared.diet.profile.heading')} className="mb-8">
      <div className="card space-y-4 p-4 sm:p-6">
        {waiting ? (
          <p
            role="note"
            className="rounded-xl border border-[var(--border)] bg-[var(--surface-sunken)] px-3 py-2 text-sm"
          >
            {_('notifications.avoidsConsent.waiting')}
          </p>
        ) : null}
        <DietTagsField
          legend={_('shared.diet.profile.allergens')}
          wishesLegend={_('shared.diet.profile.wishes')}
          hint={_('shared.diet.profile.intro')}
          value={value}
          onChange={(tags) => {
            setErased(false);
            setDraft(tags);
          }}
          disabled={save.isPending}
        />
        {consent.given ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-[var(--border)] px-3 py-2">
            <p className="min-w-0 flex-1 text-sm">
              {_('notifications.avoidsConsent.given', {
                date: formatCafeDate(consent.givenAt ?? '', cafeTimeZone),
              })}
            </p>
            <button type="button" className="btn-secondary" onClick={() => setWithdrawing(true)}>
              {_('notifications.avoidsConsent.withdraw')}
            </button>
          </div>
        ) : (
          <div className="rounded-xl border border-[var(--border)] px-3 py-2">
            <label htmlFor={`${id}-consent`} className="flex min-h-11 cursor-pointer items-start gap-3 py-1">
              <input
                ref={consentBox}
                id={`${id}-consent`}
                type="checkbox"
                className="mt-0.5 h-6 w-6 shrink-0 accent-[var(--accent)]"
                checked={agreed}
                disabled={save.isPending}
                aria-describedby={consentError ? `${id}-why ${id}-missing` : `${id}-why`}
                aria-invalid={consentError || undefined}
                onChange={(event) => {
                  setAgreed(event.target.checked);
                  if (event.target.checked) setConsentMissing(false);
                }}
              />
              <span className="font-medium">{_('notifications.avoidsConsent.label')}</span>
            </label>
            <p id={`${id}-why`} className="pb-1 text-sm text-[var(--ink-muted)] sm:pl-9">
              {_('notifications.avoidsConsent.why')}
            </p>
            {consentError ? (
              <p id={`${id}-missing`} role="alert" className="pb-1 text-sm font-medium text-[var(--danger)] sm:pl-9">
                {_('notifications.avoidsConsent.required')}
              </p>
            ) : null}
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn-primary"
            onClick={handleSave}
            disabled={!changed || save.isPending}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending ? _('shared.diet.profile.saving') : _('shared.diet.profile.save')}
          </button>
          {waiting ? (
            <button type="button" className="btn-secondary" onClick={() => setWithdrawing(true)}>
              {_('notifications.avoidsConsent.erase')}
            </button>
          ) : null}
          <p role="status" className="text-sm text-[var(--ink-muted)]">
            {status}
          </p>
        </div>
        {save.isError && !isApiError(save.error, 'HEALTH_CONSENT_REQUIRED') ? (
          <AlertMessage>{_('shared.diet.profile.saveFailed')}</AlertMessage>
        ) : null}
      </div>
      <WithdrawConsentDialog
        open={withdrawing}
        onOpenChange={setWithdrawing}
        erasingOnly={!consent.given}
        onWithdrawn={handleWithdrawn}
      />
    </HeadedSection>
  );
}
