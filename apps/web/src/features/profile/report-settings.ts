/**
 * The business the evaluation report is branded with (docs/decisions/047): build-time settings of
 * the web app, like the e-mail relay's, defaulting to this app's own name and green.
 */

export type Rgb = [number, number, number];

const HEX_COLOUR = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** '#047857' -> [4, 120, 87]; anything else is the default, so a mistyped setting never breaks a download. */
export function parseColour(value: string | undefined, fallback: Rgb): Rgb {
  const match = value === undefined ? null : HEX_COLOUR.exec(value.trim());
  return match ? [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)] : fallback;
}

export const REPORT_SETTINGS = {
  businessName: import.meta.env.VITE_BUSINESS_NAME?.trim() || 'Acompanha',
  /** The header band, headings and the tables' heads: white text must read on it. */
  primary: parseColour(import.meta.env.VITE_BRAND_COLOR, [4, 120, 87]),
  /** The second colour of the charts and the highlighted reference ranges. */
  accent: parseColour(import.meta.env.VITE_BRAND_ACCENT_COLOR, [30, 64, 175]),
};
