import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@acompanha/ui/button';

interface HistoryBackButtonProps {
  /** Where to go when the screen was opened directly, with no page of the app before it. */
  fallback?: string;
}

/** 'Voltar': one page back in the history, like the phone's own back gesture. */
export function HistoryBackButton({ fallback = '/' }: HistoryBackButtonProps) {
  const navigate = useNavigate();
  const goBack = () => {
    // React Router numbers its history entries; 0 means this app has no earlier page to return to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
  return (
    <Button variant="ghost" size="icon" aria-label="Voltar" title="Voltar" onClick={goBack} className="-ml-2">
      <ArrowLeft aria-hidden />
    </Button>
  );
}
