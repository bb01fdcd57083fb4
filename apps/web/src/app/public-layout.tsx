import { useRef } from 'react';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '@acompanha/ui/skip-link';
import { useFocusMainHeading } from '../lib/use-focus-main-heading';

/** The frame of every screen outside the signed-in area. */
export function PublicLayout() {
  const main = useRef<HTMLElement>(null);
  useFocusMainHeading(main);
  return (
    <>
      <SkipLink />
      <main
        ref={main}
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto flex min-h-dvh max-w-md flex-col px-6 pt-12 pb-10 focus:outline-none"
      >
        <Outlet />
      </main>
    </>
  );
}
