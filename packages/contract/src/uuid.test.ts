import { describe, expect, it } from 'vitest';
import { newUuid } from './uuid.js';

describe('newUuid', () => {
  it('makes version 4 UUIDs, a new one each time (the ids the server deduplicates writes by)', () => {
    const id = newUuid();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newUuid()).not.toBe(id);
  });
});
