/**
 * The reference ranges the evaluation report classifies by and prints. The client's record has no
 * sex, so body fat is shown against both columns of its table instead of one guessed for them.
 */

export interface Band {
  label: string;
  /** Inclusive lower bound; null for the open first band. */
  from: number | null;
  /** Exclusive upper bound; null for the open last band. */
  to: number | null;
  /** The range as printed: '18,5 a 24,9'. */
  range: string;
}

const inBand = (value: number, { from, to }: Band) => (from === null || value >= from) && (to === null || value < to);

/** The band a value falls in; the value is compared as printed (one decimal), so '25,0' is never 'Peso normal'. */
export function bandOf(bands: readonly Band[], value: number): Band {
  const printed = Math.round(value * 10) / 10;
  return bands.find((band) => inBand(printed, band)) ?? bands.at(-1)!;
}

/** World Health Organization, adults (kg/m²). */
export const BMI_BANDS: readonly Band[] = [
  { label: 'Abaixo do peso', from: null, to: 18.5, range: 'abaixo de 18,5' },
  { label: 'Peso normal', from: 18.5, to: 25, range: '18,5 a 24,9' },
  { label: 'Sobrepeso', from: 25, to: 30, range: '25,0 a 29,9' },
  { label: 'Obesidade grau I', from: 30, to: 35, range: '30,0 a 34,9' },
  { label: 'Obesidade grau II', from: 35, to: 40, range: '35,0 a 39,9' },
  { label: 'Obesidade grau III', from: 40, to: null, range: '40,0 ou mais' },
];

export const BMI_SOURCE = 'Organização Mundial da Saúde (OMS), adultos.';

/** American Council on Exercise (ACE), adults (% of body weight); the first band takes anything lower too. */
const bodyFatBands = (bounds: readonly [number, number, number, number, number]): Band[] => {
  const [essential, athletes, fitness, average, obesity] = bounds;
  const range = (from: number, to: number) => `${from} a ${to - 1} %`;
  return [
    { label: 'Gordura essencial', from: null, to: athletes, range: range(essential, athletes) },
    { label: 'Atletas', from: athletes, to: fitness, range: range(athletes, fitness) },
    { label: 'Boa forma', from: fitness, to: average, range: range(fitness, average) },
    { label: 'Média', from: average, to: obesity, range: range(average, obesity) },
    { label: 'Obesidade', from: obesity, to: null, range: `${obesity} % ou mais` },
  ];
};

export const BODY_FAT_BANDS = {
  mulheres: bodyFatBands([10, 14, 21, 25, 32]),
  homens: bodyFatBands([2, 6, 14, 18, 25]),
} as const;

export const BODY_FAT_SOURCE = 'American Council on Exercise (ACE), adultos.';
