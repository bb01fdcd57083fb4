import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('lets a later class override an earlier one of the same kind', () => {
    expect(cn('h-11 px-4', false, 'px-6')).toBe('h-11 px-6');
  });

  it('keeps a theme text size and a text colour side by side', () => {
    expect(cn('text-body text-foreground', 'text-muted-foreground')).toBe('text-body text-muted-foreground');
  });
});
