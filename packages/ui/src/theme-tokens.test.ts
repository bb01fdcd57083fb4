// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readThemeTokens, themeColorMetas, type ColorTokens } from './theme-tokens';

/** WCAG 2.x relative luminance of an opaque #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [red, green, blue] = channels.map((channel) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4));
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

function contrast(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

const TEXT = 4.5;
/** WCAG 1.4.11: the parts of a control and the focus ring. */
const CONTROL = 3;

/** Every foreground/background pair the components draw, with the ratio it needs. */
const PAIRS: [foreground: string, backgrounds: string[], minimum: number][] = [
  ['foreground', ['background', 'card', 'muted'], TEXT],
  ['muted-foreground', ['background', 'card', 'muted'], TEXT],
  ['primary', ['background', 'card', 'muted', 'primary-soft'], TEXT],
  ['primary-foreground', ['primary', 'primary-hover'], TEXT],
  ['primary-soft-foreground', ['primary-soft', 'card'], TEXT],
  ['destructive', ['background', 'card', 'destructive-soft'], TEXT],
  ['destructive-foreground', ['destructive'], TEXT],
  ['destructive-soft-foreground', ['destructive-soft'], TEXT],
  ['warning-soft-foreground', ['warning-soft'], TEXT],
  ['info-soft-foreground', ['info-soft', 'card'], TEXT],
  ['media-foreground', ['media'], TEXT],
  ['input', ['background', 'card'], CONTROL],
  ['ring', ['background', 'card', 'muted', 'primary-soft', 'destructive-soft', 'warning-soft', 'info-soft'], CONTROL],
  ['water-start', ['info-soft'], CONTROL],
  ['water-end', ['info-soft'], CONTROL],
];

const themes = readThemeTokens();

describe.each(Object.entries(themes))('the %s theme', (_theme, tokens: ColorTokens) => {
  const cases = PAIRS.flatMap(([foreground, backgrounds, minimum]) => backgrounds.map((background) => ({ foreground, background, minimum })));

  it.each(cases)('$foreground on $background reaches $minimum:1', ({ foreground, background, minimum }) => {
    const [front, back] = [tokens[foreground], tokens[background]];
    expect(front, foreground).toMatch(/^#[0-9a-f]{6}$/i);
    expect(back, background).toMatch(/^#[0-9a-f]{6}$/i);
    expect(contrast(front!, back!)).toBeGreaterThanOrEqual(minimum);
  });
});

describe('theme.css', () => {
  it('gives every colour token a dark value, and none that the light theme lacks', () => {
    expect(Object.keys(themes.dark).sort()).toEqual(Object.keys(themes.light).sort());
  });

  it('tells the browser the bar colour of each theme', () => {
    expect(themeColorMetas().map(({ attrs }) => attrs)).toEqual([
      { name: 'theme-color', media: '(prefers-color-scheme: light)', content: themes.light.primary },
      { name: 'theme-color', media: '(prefers-color-scheme: dark)', content: themes.dark.card },
    ]);
  });
});
