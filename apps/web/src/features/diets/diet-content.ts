/** The diet screen's 'Suplementação' notice: sample brands the client may choose from. */
export const SUPPLEMENT_BRANDS: readonly string[] = [
  'Growth Supplements',
  'Integralmedica',
  'Max Titanium',
  'Probiótica',
  'Black Skull',
  'Dux Nutrition',
  'Essential Nutrition',
  'Optimum Nutrition',
];
