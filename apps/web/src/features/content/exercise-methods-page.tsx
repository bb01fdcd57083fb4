import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@acompanha/ui/accordion';
import { BackHeading } from './components/back-heading';
import { EXERCISE_METHODS } from './exercise-methods-content';

export function ExerciseMethodsPage() {
  return (
    <>
      <BackHeading title="Métodos de treinamento" />
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
