import { useRef, type ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '@acompanha/ui/skip-link';
import { useFocusMainHeading } from '../../lib/use-focus-main-heading';
import { BottomNav } from './components/bottom-nav';
import { SessionHeader } from './components/session-header';

/**
 * `bottomBars`: what the routes place above the bottom navigation (the workouts feature's running
 * rest and session); `unreadMessages`: the Chat tab's badge (the messages feature's count);
 * `focusMode`: a session is trained on the screen, so the greeting header and the tab bar step aside
 * (their heights count as 0, index.css) and train mode's bar is all that stays fixed.
 */
export function SessionLayout({ bottomBars, unreadMessages = 0, focusMode = false }: { bottomBars?: ReactNode; unreadMessages?: number; focusMode?: boolean }) {
  const main = useRef<HTMLElement>(null);
  useFocusMainHeading(main);
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col" data-focus-mode={focusMode || undefined}>
      <SkipLink />
      {!focusMode && <SessionHeader />}
      {/* Bottom padding keeps the last content clear of the fixed tab bar (--bottom-nav-height, index.css). */}
      <main
        ref={main}
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex flex-1 flex-col gap-5 px-4 pt-5 pb-[calc(var(--bottom-nav-height)+1.5rem+env(safe-area-inset-bottom))] focus:outline-none"
      >
        <Outlet />
      </main>
      {bottomBars}
      {!focusMode && <BottomNav unreadMessages={unreadMessages} />}
      {/* A new screen opens at its top; going back returns to where the client was. */}
      <ScrollRestoration />
    </div>
  );
}
