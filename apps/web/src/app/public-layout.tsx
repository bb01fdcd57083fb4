import { Outlet } from 'react-router';

/** The frame of every screen outside the signed-in area. */
export function PublicLayout() {
  return (
    <main className="mx-auto min-h-dvh max-w-md p-6">
      <Outlet />
    </main>
  );
}
