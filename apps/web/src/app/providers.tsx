import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from './query-client';
import { createAppRouter } from './router';
import { ThemeSync } from '@/components/theme-sync';

const router = createAppRouter();

// Toasts only follow something a person did, so the toast library loads after the first screen.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function Providers() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeSync />
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toaster position="top-center" richColors closeButton />
      </Suspense>
    </QueryClientProvider>
  );
}
