import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ThemeSync } from '@/components/theme-sync';
import { i18n } from '@/i18n';
import { whenFirstScreenShown } from '@/lib/first-screen';
import { queryClient } from './query-client';
import { AppRouter } from './router';

// Toasts only follow something a person did, so the toast library loads after the first screen.
const Toaster = lazy(() => import('./cafe-toaster').then((m) => ({ default: m.CafeToaster })));

function DeferredToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenFirstScreenShown(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function Providers() {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeSync />
        <AppRouter />
        <DeferredToaster />
      </QueryClientProvider>
    </I18nProvider>
  );
}
