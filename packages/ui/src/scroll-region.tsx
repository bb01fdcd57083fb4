import type { ComponentProps } from 'react';
import { cn } from './cn';

type ScrollRegionProps = ComponentProps<'div'> & { 'aria-label': string };

/**
 * A named region that scrolls on its own (a thread, a wide table on a phone). It takes focus, so that
 * the keyboard scrolls it too (axe's scrollable-region-focusable).
 */
export function ScrollRegion({ className, ...props }: ScrollRegionProps) {
  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
  return <div data-slot="scroll-region" role="region" tabIndex={0} className={cn('overflow-auto', className)} {...props} />;
}
