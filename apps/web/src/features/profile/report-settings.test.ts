import { describe, expect, it } from 'vitest';
import { parseColour } from './report-settings';

describe('parseColour', () => {
  it('reads #rrggbb, with or without the hash', () => {
    expect(parseColour('#047857', [0, 0, 0])).toEqual([4, 120, 87]);
    expect(parseColour(' 1E40AF ', [0, 0, 0])).toEqual([30, 64, 175]);
  });

  it('keeps the default for a missing or mistyped setting', () => {
    expect(parseColour(undefined, [4, 120, 87])).toEqual([4, 120, 87]);
    expect(parseColour('green', [4, 120, 87])).toEqual([4, 120, 87]);
    expect(parseColour('#0478', [4, 120, 87])).toEqual([4, 120, 87]);
  });
});
