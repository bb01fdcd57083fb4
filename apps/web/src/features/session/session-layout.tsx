import { Outlet, ScrollRestoration } from 'react-router';
import { BottomNav } from './components/bottom-nav';
import { SessionHeader } from './components/session-header';

export function SessionLayout() {
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col">
      <SessionHeader />
      {/* Bottom padding keeps the last content clear of the fixed 5rem tab bar. */}
      <main className="flex flex-1 flex-col gap-5 px-4 pt-5 pb-[calc(6.5rem+env(safe-area-inset-bottom))]">
        <Outlet />
      </main>
      <BottomNav />
      {/* A new screen opens at its top; going back returns to where the client was. */}
      <ScrollRestoration />
    </div>
  );
}
