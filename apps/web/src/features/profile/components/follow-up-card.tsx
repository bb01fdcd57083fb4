import type { Evaluation } from '@acompanha/contract';
import { CalendarClock, ExternalLink } from 'lucide-react';
import { Button } from '@acompanha/ui/button';
import { Card, CardDescription } from '@acompanha/ui/card';
import { daysUntil } from '@acompanha/ui/dates';
import { RENEWAL_URL } from '../../../lib/session/follow-up';
import { formatDay } from '@acompanha/ui/format';
import { IconCardHeader } from './icon-card-header';

/** When the latest evaluation's follow-up ends, and the way to book the next one. */
export function FollowUpCard({ latest }: { latest: Evaluation }) {
  const ended = daysUntil(latest.vencimento) < 0;
  const endDate = formatDay(latest.vencimento);
  return (
    <Card>
      <IconCardHeader icon={CalendarClock} title="Acompanhamento">
        <CardDescription>{ended ? `Encerrado em ${endDate}` : `Ativo até ${endDate}`}</CardDescription>
      </IconCardHeader>
      <Button asChild variant="outline" className="w-full">
        <a href={RENEWAL_URL} target="_blank" rel="noreferrer">
          Renovar
          <ExternalLink aria-hidden />
        </a>
      </Button>
    </Card>
  );
}
