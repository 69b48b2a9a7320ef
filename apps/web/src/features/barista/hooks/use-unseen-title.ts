import { useCallback, useEffect, useRef, useState } from 'react';

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

  useEffect(() => {
    const base = baseTitle.current;
    document.title = unseen > 0 ? `(${unseen}) New orders · ${base}` : base;
  }, [unseen]);

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
