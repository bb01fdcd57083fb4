import fs from 'node:fs';

/** Colour tokens by name without the `--color-` prefix: `{ card: '#ffffff' }`. */
export type ColorTokens = Record<string, string>;

export interface ThemeTokens {
  light: ColorTokens;
  /** The dark block's tokens: every light token again (the contrast test requires it). */
  dark: ColorTokens;
}

/** The text between the braces that `opener` (ending in `{`) opens. */
function blockAfter(css: string, opener: string): string {
  const start = css.indexOf(opener);
  if (start === -1) throw new Error(`theme.css has no "${opener}" block`);
  let depth = 0;
  for (let index = start + opener.length - 1; index < css.length; index += 1) {
    if (css[index] === '{') depth += 1;
    if (css[index] === '}') depth -= 1;
    if (depth === 0) return css.slice(start + opener.length, index);
  }
  throw new Error(`theme.css: the "${opener}" block is not closed`);
}

function colorDeclarations(block: string): ColorTokens {
  const withoutComments = block.replace(/\/\*[\s\S]*?\*\//g, '');
  return Object.fromEntries([...withoutComments.matchAll(/--color-([\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value!.trim()]));
}

/**
 * The colour tokens of theme.css in each theme. Read at build time (the manifest, the theme-color
 * meta, the icons) and by the contrast test, so that each colour is written once, in theme.css.
 */
export function parseThemeTokens(css: string): ThemeTokens {
  return { light: colorDeclarations(blockAfter(css, '@theme {')), dark: colorDeclarations(blockAfter(css, '@media (prefers-color-scheme: dark) {')) };
}

export function readThemeTokens(): ThemeTokens {
  return parseThemeTokens(fs.readFileSync(new URL('./theme.css', import.meta.url), 'utf8'));
}

/**
 * The `<meta name="theme-color">` pair for an app's HTML, as Vite's transformIndexHtml takes it: the
 * browser's bar in the brand's green in the light theme, and in the header's own colour in the dark
 * one, where a bright green bar would glare above a dark page.
 */
export function themeColorMetas() {
  const { light, dark } = readThemeTokens();
  return [
    { scheme: 'light', color: light.primary },
    { scheme: 'dark', color: dark.card },
  ].map(({ scheme, color }) => ({
    tag: 'meta',
    attrs: { name: 'theme-color', media: `(prefers-color-scheme: ${scheme})`, content: color! },
    injectTo: 'head' as const,
  }));
}
