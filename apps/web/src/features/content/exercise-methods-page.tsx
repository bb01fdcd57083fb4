import { HistoryBackButton } from '../../components/history-back-button';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import { EXERCISE_METHODS } from './exercise-methods-content';

export function ExerciseMethodsPage() {
  return (
    <>
      <div className="flex items-center gap-1">
        <HistoryBackButton />
        <h1 className="text-headline font-extrabold tracking-tight">Métodos de treinamento</h1>
      </div>
      <p className="text-small text-muted-foreground">
        Seu treino pode indicar um destes métodos. Toque no nome para ver como fazer.
      </p>
      <Accordion>
        {EXERCISE_METHODS.map((method) => (
          <AccordionItem key={method.name} value={method.name}>
            <AccordionTrigger>{method.name}</AccordionTrigger>
            <AccordionContent>{method.description}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </>
  );
}
