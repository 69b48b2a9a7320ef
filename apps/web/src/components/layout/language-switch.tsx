import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { LANGUAGE_NAMES, setLanguage, type Language } from '@/i18n';
import { cn } from '@/lib/cn';
import { logFailure } from '@/lib/log-failure';

/**
 * Switches the interface between English and Thai: the button names the other language in that
 * language (so a person who cannot read the current one still finds it). The choice is kept on
 * this device; until then the browser's language decides.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { _, i18n } = useLingui();
  const [pending, setPending] = useState(false);
  const current: Language = i18n.locale === 'th' ? 'th' : 'en';
  const other: Language = current === 'en' ? 'th' : 'en';
  const handleSwitch = () => {
    setPending(true);
    setLanguage(other)
      .catch((error: unknown) => logFailure('language switch', error))
      .finally(() => setPending(false));
  };
  return (
    <button
      type="button"
      className={cn('btn-ghost min-w-11 shrink-0 px-2', className)}
      lang={other}
      title={_('common.language.switchTitle')}
      onClick={handleSwitch}
      disabled={pending}
      aria-busy={pending || undefined}
      data-testid="language-switch"
    >
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
