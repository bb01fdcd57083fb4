/**
 * A decimal as typed on a Brazilian phone, or written by a backend: digits, with at most one
 * decimal comma or dot ('32,5' or '32.5'). Nothing else is a number here: no exponent ('1e3'), no
 * thousands separator ('1.000,5'), no leading or trailing separator ('.5', '5.'), no '+'.
 */
const DECIMAL = /^\d+(?:[.,]\d+)?$/;
const SIGNED_DECIMAL = /^-?\d+(?:[.,]\d+)?$/;

/**
 * The one reader of decimal text (the load dialog, train mode's sets, the API answers' readers).
 * Space around is ignored; a minus sign only when `signed`. Null for anything else, the empty
 * text included: what an empty field means is for its form to say.
 */
export function parseDecimal(text: string, { signed = false }: { signed?: boolean } = {}): number | null {
  const trimmed = text.trim();
  if (!(signed ? SIGNED_DECIMAL : DECIMAL).test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  // Hundreds of digits read as Infinity.
  return Number.isFinite(value) ? value : null;
}
