import { Outlet } from 'react-router';
import { SiteScope, useScreenSite } from '@/api/site-state';
import { LoadingBlock } from '@/components/ui';

/**
 * The route layout of the staff screens (board, history, menu management, dashboards, opening
 * hours): they are about the staff site chosen on this device, not the person's home site.
 */
export function StaffSiteScope() {
  return (
    <SiteScope of="staff">
      <StaffSiteReady />
    </SiteScope>
  );
}

/**
 * The screen shows once its site is known: its day, times and venues are the site's, never the
 * first site's for a moment (GET /sites is small and the navigation asks for it anyway). A
 * failure shows the screen, whose own reads say what is wrong.
 */
function StaffSiteReady() {
  const here = useScreenSite();
  if (here.isPending && here.siteId !== undefined) return <LoadingBlock />;
  return <Outlet />;
}
