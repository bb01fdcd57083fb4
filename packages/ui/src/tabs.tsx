import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps, FocusEvent, KeyboardEvent, PointerEvent } from 'react';
import { cn } from './cn';

export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root data-slot="tabs" className={cn('flex flex-col gap-4', className)} {...props} />;
}

/**
 * A row of tabs that scrolls sideways when it does not fit, as a phone screen often will not. A
 * scrolling box clips what leaves it, so it keeps room on every side for the focus ring. With
 * `orientation="vertical"` on the Tabs, a list top to bottom instead.
 */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(
        '-mx-4 -mt-1 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 py-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
        'data-[orientation=vertical]:mx-0 data-[orientation=vertical]:flex-col data-[orientation=vertical]:gap-1.5 data-[orientation=vertical]:overflow-visible data-[orientation=vertical]:px-0',
        className,
      )}
      {...props}
    />
  );
}

/**
 * Radix focuses a tab from script on mousedown, which Chrome then rings as if by keyboard: on top of
 * the active tab's own border, a second outline. A tab focused by a pointer is marked so, and its
 * ring drawn only for focus that came from the keyboard (arrow keys move focus to an unmarked tab).
 */
const markPointerFocus = (event: PointerEvent<HTMLButtonElement>) => {
  event.currentTarget.dataset.pointerFocus = '';
};
const unmarkPointerFocus = (event: KeyboardEvent<HTMLButtonElement> | FocusEvent<HTMLButtonElement>) => {
  delete event.currentTarget.dataset.pointerFocus;
};

export function TabsTrigger({ className, onPointerDown, onKeyDown, onBlur, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      onPointerDown={(event) => {
        markPointerFocus(event);
        onPointerDown?.(event);
      }}
      onKeyDown={(event) => {
        unmarkPointerFocus(event);
        onKeyDown?.(event);
      }}
      onBlur={(event) => {
        unmarkPointerFocus(event);
        onBlur?.(event);
      }}
      className={cn(
        'data-[pointer-focus]:outline-none',
        'min-h-11 shrink-0 cursor-pointer snap-start rounded-full border border-border bg-card px-4 text-small font-semibold whitespace-nowrap text-muted-foreground transition-colors',
        'hover:text-foreground data-[state=active]:border-primary data-[state=active]:bg-primary data-[state=active]:text-primary-foreground',
        'data-[orientation=vertical]:flex data-[orientation=vertical]:items-center data-[orientation=vertical]:gap-3 data-[orientation=vertical]:rounded-xl data-[orientation=vertical]:py-2 data-[orientation=vertical]:text-left data-[orientation=vertical]:whitespace-normal',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content data-slot="tabs-content" className={cn('flex flex-col gap-4', className)} {...props} />;
}
