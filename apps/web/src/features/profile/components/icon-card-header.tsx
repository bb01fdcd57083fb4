import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardHeader, CardTitle } from '@acompanha/ui/card';
import { IconTile } from '@acompanha/ui/icon-tile';

interface IconCardHeaderProps {
  icon: LucideIcon;
  title: string;
  /** The line under the title. */
  children: ReactNode;
}

/** The profile cards' header: the icon tile beside the title and its line of detail. */
export function IconCardHeader({ icon, title, children }: IconCardHeaderProps) {
  return (
    <div className="flex items-start gap-3">
      <IconTile icon={icon} />
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {children}
      </CardHeader>
    </div>
  );
}
