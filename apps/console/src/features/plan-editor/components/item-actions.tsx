import { Button } from '@acompanha/ui/button';
import { ArrowDown, ArrowUp, Copy, Trash2 } from 'lucide-react';

interface ItemActionsProps {
  /** The item's key: the buttons' ids, so that focus can follow the item when it moves. */
  itemKey: string;
  /** What the item is called in the buttons' names: 'Agachamento livre', 'exercício 2'. */
  name: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onDuplicate?: () => void;
  onRemove: () => void;
}

export const moveButtonId = (itemKey: string, direction: 'cima' | 'baixo') => `mover-${itemKey}-${direction}`;

/** 'Mover para cima', 'Mover para baixo', 'Duplicar' and 'Remover' for an item of a list: the keyboard's way to order it. */
export function ItemActions({ itemKey, name, index, count, onMove, onDuplicate, onRemove }: ItemActionsProps) {
  const icon = 'size-11 rounded-xl text-muted-foreground hover:text-foreground';
  return (
    <div className="flex shrink-0 items-center">
      <Button id={moveButtonId(itemKey, 'cima')} type="button" variant="ghost" size="icon" className={icon} aria-label={`Mover ${name} para cima`} title="Mover para cima" disabled={index === 0} onClick={() => onMove(index - 1)}>
        <ArrowUp aria-hidden />
      </Button>
      <Button id={moveButtonId(itemKey, 'baixo')} type="button" variant="ghost" size="icon" className={icon} aria-label={`Mover ${name} para baixo`} title="Mover para baixo" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
        <ArrowDown aria-hidden />
      </Button>
      {onDuplicate && (
        <Button type="button" variant="ghost" size="icon" className={icon} aria-label={`Duplicar ${name}`} title="Duplicar" onClick={onDuplicate}>
          <Copy aria-hidden />
        </Button>
      )}
      <Button type="button" variant="ghost" size="icon" className={`${icon} hover:text-destructive`} aria-label={`Remover ${name}`} title="Remover" onClick={onRemove}>
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}
