import type { Evaluation } from '@acompanha/contract';
import { CalendarClock, ExternalLink } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { daysUntil } from '../../../lib/dates';
import { RENEWAL_URL } from '../../../lib/session/follow-up';
import { formatDay } from '../format';

/** When the latest evaluation's follow-up ends, and the way to book the next one. */
export function FollowUpCard({ latest }: { latest: Evaluation }) {
  const ended = daysUntil(latest.vencimento) < 0;
  const endDate = formatDay(latest.vencimento);
  return (
    <Card>
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground">
          <CalendarClock aria-hidden className="size-5" />
        </span>
        <CardHeader>
          <CardTitle>Acompanhamento</CardTitle>
          <CardDescription>{ended ? `Encerrado em ${endDate}` : `Ativo até ${endDate}`}</CardDescription>
        </CardHeader>
      </div>
      <Button asChild variant="outline" className="w-full">
        <a href={RENEWAL_URL} target="_blank" rel="noreferrer">
          Renovar
          <ExternalLink aria-hidden />
        </a>
      </Button>
    </Card>
  );
}
