import { AppLayout } from '@/components/layout/app-layout';
import { useVenueRedirects } from './use-venue-redirects';

/** The frame of every screen but the sign-in ones, moving a customer on when the venue state changes. */
export function AppShell() {
  useVenueRedirects();
  return <AppLayout />;
}
