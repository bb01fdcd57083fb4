import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardHeader, CardTitle } from '../../../components/ui/card';

interface IconCardHeaderProps {
  icon: LucideIcon;
  title: string;
  /** The line under the title. */
  children: ReactNode;
}

/** The profile cards' header: the icon tile beside the title and its line of detail. */
export function IconCardHeader({ icon: Icon, title, children }: IconCardHeaderProps) {
  return (
    <div className="flex items-start gap-3">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground">
        <Icon aria-hidden className="size-5" />
      </span>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {children}
      </CardHeader>
    </div>
  );
}
