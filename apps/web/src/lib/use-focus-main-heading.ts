import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** The apps, by their root element, that have shown a screen: one per page load (one per render in tests). */
const appsShowingAScreen = new WeakSet<Element>();

/**
 * After a navigation, moves focus to the new screen's h1, so that a screen reader starts reading
 * the new screen and Tab goes on from its top. A screen still loading has <main> focused until its
 * h1 appears. The first screen of a page load, even one a guard redirected to, keeps the browser's
 * own starting point.
 */
export function useFocusMainHeading(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const focusedFor = useRef<string | null>(null);

  useEffect(() => {
    const root = main.current;
    if (!root || focusedFor.current === pathname) return;
    const app = root.closest('body > *') ?? root;
    if (!appsShowingAScreen.has(app)) {
      appsShowingAScreen.add(app);
      focusedFor.current = pathname;
      return;
    }
    const focus = (target: HTMLElement) => {
      // The layout's scroll restoration decides the scroll position, not the focus.
      target.focus({ preventScroll: true });
      focusedFor.current = pathname;
    };
    const heading = root.querySelector<HTMLElement>('h1');
    if (heading) {
      focus(heading);
      return;
    }
    root.focus({ preventScroll: true });
    const observer = new MutationObserver(() => {
      const loaded = root.querySelector<HTMLElement>('h1');
      if (!loaded) return;
      observer.disconnect();
      // Unless the client has moved on meanwhile.
      if (document.activeElement === root || document.activeElement === document.body) focus(loaded);
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [main, pathname]);
}
