import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * A list of items that open one at a time and close again when pressed (SPEC.md §4): Radix's
 * single, collapsible accordion, whose triggers are buttons with aria-expanded.
 */
type AccordionProps = Omit<AccordionPrimitive.AccordionSingleProps, 'type' | 'collapsible'>;

export function Accordion({ className, ...props }: AccordionProps) {
  return (
    <AccordionPrimitive.Root
      data-slot="accordion"
      type="single"
      collapsible
      className={cn('flex flex-col gap-3', className)}
      {...props}
    />
  );
}

export function AccordionItem({ className, ...props }: ComponentProps<typeof AccordionPrimitive.Item>) {
  return (
    <AccordionPrimitive.Item
      data-slot="accordion-item"
      className={cn('overflow-hidden rounded-2xl border border-border bg-card shadow-sm', className)}
      {...props}
    />
  );
}

export function AccordionTrigger({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Trigger>) {
  return (
    <AccordionPrimitive.Header className="flex">
      <AccordionPrimitive.Trigger
        data-slot="accordion-trigger"
        className={cn(
          'flex min-h-14 flex-1 cursor-pointer items-center justify-between gap-3 px-4 py-3 text-left text-body font-semibold transition-colors hover:bg-muted/60',
          // The ring is drawn inside, with the item's corners: the item clips whatever leaves its box.
          'rounded-2xl focus-visible:outline-offset-[-2px] [&[data-state=open]>svg]:rotate-180',
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown aria-hidden className="size-5 shrink-0 text-muted-foreground transition-transform duration-200" />
      </AccordionPrimitive.Trigger>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content
      data-slot="accordion-content"
      className="overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down motion-reduce:animate-none"
      {...props}
    >
      <div className={cn('px-4 pb-4 text-body text-muted-foreground', className)}>{children}</div>
    </AccordionPrimitive.Content>
  );
}
