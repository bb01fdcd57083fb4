import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function Exercises() {
  return (
    <Tabs defaultValue="1">
      <TabsList aria-label="Exercícios">
        <TabsTrigger value="1">Agachamento</TabsTrigger>
        <TabsTrigger value="2">Leg press</TabsTrigger>
      </TabsList>
      <TabsContent value="1">Agachamento</TabsContent>
      <TabsContent value="2">Leg press</TabsContent>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('draws no focus ring on a tapped tab, and the ring again once the keyboard moves focus', async () => {
    const user = userEvent.setup();
    render(<Exercises />);
    const [first, second] = screen.getAllByRole('tab');

    await user.click(second!);

    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(second).toHaveFocus();
    expect(second).toHaveAttribute('data-pointer-focus');
    expect(second!.className).toContain('data-[pointer-focus]:outline-none');

    await user.keyboard('{ArrowLeft}');

    expect(first).toHaveFocus();
    expect(first).not.toHaveAttribute('data-pointer-focus');
    expect(second).not.toHaveAttribute('data-pointer-focus');
  });
});
