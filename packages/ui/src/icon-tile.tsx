import type { LucideIcon } from 'lucide-react';
import { cn } from './cn';

const TONES = {
  primary: 'bg-primary-soft text-primary-soft-foreground',
  info: 'bg-info-soft text-info-soft-foreground',
};

interface IconTileProps {
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  /** Classes for the icon itself (a filled droplet, say). */
  iconClassName?: string;
}

/** The rounded square that holds a card's icon; decorative, so hidden from screen readers. */
export function IconTile({ icon: Icon, tone = 'primary', iconClassName }: IconTileProps) {
  return (
    <span aria-hidden data-slot="icon-tile" className={cn('flex size-11 shrink-0 items-center justify-center rounded-xl', TONES[tone])}>
      <Icon className={cn('size-5', iconClassName)} />
    </span>
  );
}
