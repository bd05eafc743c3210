/**
 * Income-tax (IRPF) scales for the annual estimate, per year: the state half (art. 63.1 LIRPF) and a
 * regional half. Each region has its own regional scale; we ship `general`, a reference regional half equal
 * to the state one up to 60,000 € and 22.5 % above, so the combined scale is 19 / 24 / 30 / 37 / 45 / 47 %. Add a
 * region or a year here; a year without its own entry uses the latest earlier one (and says so).
 */
export type Bracket = {
  /** Upper bound of the bracket in cents; null for the last one. */
  upToCents: number | null;
  /** Rate in basis points (9.5 % = 950). */
  rateBasisPoints: number;
};

export type TaxScale = {
  state: Bracket[];
  regions: Record<string, Bracket[]>;
  /** Mínimo personal (art. 57 LIRPF): taxed at the scale and subtracted, as the annual return does. */
  personalMinimumCents: number;
};

/** Art. 63.1 LIRPF, unchanged since 2021. */
const STATE_2021: Bracket[] = [
  { upToCents: 1_245_000, rateBasisPoints: 950 },
  { upToCents: 2_020_000, rateBasisPoints: 1200 },
  { upToCents: 3_520_000, rateBasisPoints: 1500 },
  { upToCents: 6_000_000, rateBasisPoints: 1850 },
  { upToCents: 30_000_000, rateBasisPoints: 2250 },
  { upToCents: null, rateBasisPoints: 2450 },
];

/**
 * The reference regional half: the state brackets up to 60,000 € and 22.5 % above, which with the state
 * half gives the combined general scale 19 / 24 / 30 / 37 / 45 / 47 %.
 */
const GENERAL_REGIONAL_2021: Bracket[] = [
  ...STATE_2021.slice(0, 4),
  { upToCents: null, rateBasisPoints: 2250 },
];

const SCALE_2021: TaxScale = {
  state: STATE_2021,
  regions: { general: GENERAL_REGIONAL_2021 },
  personalMinimumCents: 555_000,
};

export const TAX_SCALES: Record<number, TaxScale> = {
  2024: SCALE_2021,
  2025: SCALE_2021,
  2026: SCALE_2021,
};

export const DEFAULT_REGION = 'general';

/** The scale for a year: its own, else the latest earlier one, else the earliest we have. */
export function scaleForYear(year: number): { scaleYear: number; scale: TaxScale } {
  const years = Object.keys(TAX_SCALES)
    .map(Number)
    .sort((a, b) => a - b);
  const scaleYear = years.filter((y) => y <= year).pop() ?? (years[0] as number);
  return { scaleYear, scale: TAX_SCALES[scaleYear] as TaxScale };
}
