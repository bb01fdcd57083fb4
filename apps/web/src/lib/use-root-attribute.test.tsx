import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRootAttribute } from './use-root-attribute';

function Marked({ value }: { value: string | null }) {
  useRootAttribute('bar-rows', value);
  return null;
}

describe('useRootAttribute', () => {
  it('marks the root while shown with a value, follows the value, and leaves no mark behind', () => {
    const root = document.documentElement;
    const { rerender, unmount } = render(<Marked value="1" />);
    expect(root).toHaveAttribute('data-bar-rows', '1');

    rerender(<Marked value="2" />);
    expect(root).toHaveAttribute('data-bar-rows', '2');

    rerender(<Marked value={null} />);
    expect(root).not.toHaveAttribute('data-bar-rows');

    rerender(<Marked value="" />);
    expect(root).toHaveAttribute('data-bar-rows', '');
    unmount();
    expect(root).not.toHaveAttribute('data-bar-rows');
  });
});
