import { useFollowUpExpiry } from '../lib/session/follow-up';
import { Alert } from '@acompanha/ui/alert';
import { RenewalLink } from './renewal-link';

/**
 * The follow-up expiry warning of SPEC.md §4, with 'Renovar' (the renewal site, as on Perfil's
 * follow-up card) from the first warning on, not only once it has ended; renders nothing while no
 * warning is due.
 */
export function FollowUpBanner() {
  const expiry = useFollowUpExpiry();
  if (!expiry) return null;
  return (
    <Alert variant={expiry.ended ? 'destructive' : 'warning'}>
      <p>{expiry.message}</p>
      <RenewalLink variant="outline" size="sm" className="self-start" />
    </Alert>
  );
}
