import { Outlet } from 'react-router';

/** Page frame with the navigation bars. */
export function AppLayout() {
  return (
    <div className="min-h-dvh">
      <main id="main" className="mx-auto w-full max-w-5xl p-4">
        <Outlet />
      </main>
    </div>
  );
}
