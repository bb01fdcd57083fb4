import { ChevronDown, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

interface DisclosureProps {
  /** The one line shown while folded, and the control that unfolds it. */
  summary: ReactNode;
  icon?: LucideIcon;
  children: ReactNode;
  className?: string;
}

/**
 * Content folded to one line that a tap unfolds: the workout's notices during a session, the
 * diet's supplement notice, a meal's other options. A native details/summary, so that the browser
 * gives it its keyboard, its expanded state to screen readers and find-in-page opening it.
 */
export function Disclosure({ summary, icon: Icon, children, className }: DisclosureProps) {
  return (
    <details data-slot="disclosure" className={cn('group rounded-xl border border-border bg-card', className)}>
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 text-small font-semibold [&::-webkit-details-marker]:hidden">
        {Icon && <Icon aria-hidden className="size-4 shrink-0 text-primary" />}
        <span className="flex-1">{summary}</span>
        <ChevronDown aria-hidden className="size-4 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      <div className="flex flex-col gap-3 px-4 pb-4">{children}</div>
    </details>
  );
}
