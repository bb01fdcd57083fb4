import { ExternalLink } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@acompanha/ui/button';
import { RENEWAL_URL } from '../lib/session/follow-up';

/** The way to renew or book a consultation: the trainer's site in a new tab ('Renovar' unless told otherwise). */
export function RenewalLink({ children = 'Renovar', ...button }: Omit<ComponentProps<typeof Button>, 'asChild'>) {
  return (
    <Button asChild {...button}>
      <a href={RENEWAL_URL} target="_blank" rel="noreferrer">
        {children}
        <ExternalLink aria-hidden />
      </a>
    </Button>
  );
}
