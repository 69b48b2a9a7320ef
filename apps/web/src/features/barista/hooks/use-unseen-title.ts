import { useCallback, useEffect, useRef, useState } from 'react';
import { i18n } from '@/i18n';

function pageIsSeen(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

/**
 * Counts new orders that arrived while the page was hidden or not focused, and shows the count in
 * the tab title ("(2) New orders · Office Cafe") until the barista looks at the page again.
 */
export function useUnseenTitle() {
  const baseTitle = useRef<string>(document.title);
  const [unseen, setUnseen] = useState(0);
  // The title follows a switch of the interface's language too.
  const [locale, setLocale] = useState(i18n.locale);
  useEffect(() => i18n.on('change', () => setLocale(i18n.locale)), []);

  useEffect(() => {
    const base = baseTitle.current;
    document.title = unseen > 0 ? i18n._('barista.live.unseenTitle', { count: unseen, title: base }) : base;
  }, [unseen, locale]);

  useEffect(() => {
    const base = baseTitle.current;
    const handleSeen = () => {
      if (pageIsSeen()) setUnseen(0);
    };
    window.addEventListener('focus', handleSeen);
    document.addEventListener('visibilitychange', handleSeen);
    return () => {
      window.removeEventListener('focus', handleSeen);
      document.removeEventListener('visibilitychange', handleSeen);
      document.title = base;
    };
  }, []);

  const addNewOrder = useCallback(() => {
    if (!pageIsSeen()) setUnseen((n) => n + 1);
  }, []);

  return { unseen, addNewOrder };
}
