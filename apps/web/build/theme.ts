import fs from 'node:fs';

// The colours the frame needs outside CSS (the manifest, the theme-color meta, the icons), read
// from the design tokens in packages/ui/src/theme.css so that each is written once.
const css = fs.readFileSync(new URL('../../../packages/ui/src/theme.css', import.meta.url), 'utf8');

function colorToken(name: string): string {
  const value = css.match(new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{6})\\b`))?.[1];
  if (!value) throw new Error(`--color-${name} is missing from packages/ui/src/theme.css`);
  return value;
}

export const THEME_COLOR = colorToken('primary');
export const BACKGROUND_COLOR = colorToken('background');
