import { readThemeTokens } from '@acompanha/ui/theme-tokens';

// The colours the frame needs outside CSS (the manifest, the icons), read from the design tokens in
// packages/ui/src/theme.css so that each is written once. A manifest has one colour of each kind,
// whatever the system's theme: the light theme's, as the icons are.
const { light } = readThemeTokens();

export const THEME_COLOR = light.primary!;
export const BACKGROUND_COLOR = light.background!;
