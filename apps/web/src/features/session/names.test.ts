import { describe, expect, it } from 'vitest';
import { greeting, initials } from './names';

describe('names in the header', () => {
  it.each([
    ['Ana Paula Souza', 'Olá, Ana S.', 'AS'],
    ['Davi Rocha', 'Olá, Davi R.', 'DR'],
    ['  Bruno   Lima ', 'Olá, Bruno L.', 'BL'],
    ['Xuxa', 'Olá, Xuxa.', 'X'],
    ['élio ávila', 'Olá, élio Á.', 'ÉÁ'],
  ])('%j is greeted %j with initials %j', (name, text, letters) => {
    expect(greeting(name)).toBe(text);
    expect(initials(name)).toBe(letters);
  });
});
