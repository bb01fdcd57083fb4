import { Outlet } from 'react-router';

/** The frame of every screen outside the signed-in area. */
export function PublicLayout() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col px-6 pt-12 pb-10">
      <Outlet />
    </main>
  );
}
