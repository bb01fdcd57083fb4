import { useRef, type ReactNode, type Ref } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '@acompanha/ui/skip-link';
import { useFocusMainHeading } from '../../lib/use-focus-main-heading';
import { useRootAttribute } from '../../lib/use-root-attribute';
import { BottomNav } from './components/bottom-nav';
import { SessionHeader, SessionHeaderSkeleton } from './components/session-header';
import { Skeleton } from '@acompanha/ui/skeleton';

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
    <SessionFrame
      focusMode={focusMode}
      mainRef={main}
      header={!focusMode && <SessionHeader />}
      footer={
        <>
          {bottomBars}
          {!focusMode && <BottomNav unreadMessages={unreadMessages} />}
          {/* A new screen opens at its top; going back returns to where the client was. */}
          <ScrollRestoration />
        </>
      }
    >
      <Outlet />
    </SessionFrame>
  );
}

/**
 * What a signed-in screen shows before its code and data: the header and the tab bar with
 * placeholders between. The build writes it into index.html (build/prerender-plugin.ts), so it paints
 * before any script runs, and the router shows it until the first screen is ready; nothing moves
 * when the screen replaces it.
 */
export function SignedInShell() {
  return (
    <SessionFrame header={<SessionHeaderSkeleton />} footer={<BottomNav />}>
      <div aria-busy="true" className="flex flex-col gap-5">
        <Skeleton className="h-7 w-40" />
        <Skeleton className="h-36" />
        <Skeleton className="h-36" />
      </div>
    </SessionFrame>
  );
}

interface SessionFrameProps {
  header: ReactNode;
  footer: ReactNode;
  children: ReactNode;
  focusMode?: boolean;
  mainRef?: Ref<HTMLElement>;
}

function SessionFrame({ header, footer, children, focusMode = false, mainRef }: SessionFrameProps) {
  // The header's and the tab bar's heights count as none (index.css).
  useRootAttribute('focus-mode', focusMode ? '' : null);
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col">
      <SkipLink />
      {header}
      {/* Bottom padding keeps the last content clear of the fixed tab bar (--bottom-nav-height, index.css). */}
      <main
        ref={mainRef}
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex flex-1 flex-col gap-5 px-4 pt-5 pb-[calc(var(--bottom-nav-height)+1.5rem+env(safe-area-inset-bottom))] focus:outline-none"
      >
        {children}
      </main>
      {footer}
    </div>
  );
}
