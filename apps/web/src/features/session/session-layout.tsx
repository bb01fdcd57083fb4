import { Outlet } from 'react-router';
import { BottomNav } from './components/bottom-nav';

export function SessionLayout() {
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white px-4 py-3">
        <p className="text-lg font-semibold text-brand">Acompanha</p>
      </header>
      {/* Bottom padding keeps the last content clear of the fixed 5rem tab bar. */}
      <main className="flex-1 px-4 pt-4 pb-24">
        <Outlet />
      </main>
      <BottomNav />
    </div>
  );
}
