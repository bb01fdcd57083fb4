import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './accordion';

function renderAccordion() {
  render(
    <Accordion>
      {['Bi-set', 'Tri-set', 'Drop-set'].map((name) => (
        <AccordionItem key={name} value={name}>
          <AccordionTrigger>{name}</AccordionTrigger>
          <AccordionContent>{`Como fazer ${name}`}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>,
  );
  const trigger = (name: string) => screen.getByRole('button', { name });
  return { trigger, user: userEvent.setup() };
}

describe('Accordion', () => {
  it('starts with every item closed', () => {
    const { trigger } = renderAccordion();

    for (const name of ['Bi-set', 'Tri-set', 'Drop-set']) expect(trigger(name)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Como fazer Bi-set')).not.toBeInTheDocument();
  });

  it('opens one item at a time', async () => {
    const { trigger, user } = renderAccordion();

    await user.click(trigger('Bi-set'));
    expect(trigger('Bi-set')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Como fazer Bi-set')).toBeVisible();

    await user.click(trigger('Drop-set'));
    expect(trigger('Drop-set')).toHaveAttribute('aria-expanded', 'true');
    expect(trigger('Bi-set')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Como fazer Bi-set')).not.toBeInTheDocument();
    expect(screen.getByText('Como fazer Drop-set')).toBeVisible();
  });

  it('closes the open item when it is pressed again', async () => {
    const { trigger, user } = renderAccordion();

    await user.click(trigger('Tri-set'));
    await user.click(trigger('Tri-set'));

    expect(trigger('Tri-set')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Como fazer Tri-set')).not.toBeInTheDocument();
  });
});
