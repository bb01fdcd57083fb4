import { useLayoutEffect } from 'react';

/**
 * Puts `data-<name>="<value>"` on the document's root while the component is shown and `value` is
 * not null, for the CSS of the root itself (its scroll padding, the heights of the bars). A selector
 * such as `:root:has([data-x])` read it from the component's own element, but made the browser look
 * through the whole page again at every change anywhere in it: most of a set's tick's style work on a
 * slow phone went there.
 */
export function useRootAttribute(name: string, value: string | null): void {
  useLayoutEffect(() => {
    if (value === null) return;
    const root = document.documentElement;
    root.setAttribute(`data-${name}`, value);
    return () => root.removeAttribute(`data-${name}`);
  }, [name, value]);
}
