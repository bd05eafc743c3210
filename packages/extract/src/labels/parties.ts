import { DE_PARTIES } from './de.ts';
import { EN_PARTIES } from './en.ts';
import { ES_PARTIES } from './es.ts';
import { FR_PARTIES } from './fr.ts';
import { NL_PARTIES } from './nl.ts';
import type { PartyLabelWords } from './types.ts';

const SETS = [ES_PARTIES, EN_PARTIES, FR_PARTIES, DE_PARTIES, NL_PARTIES];
const join = (key: keyof PartyLabelWords) =>
  new RegExp(`\\b(?:${SETS.flatMap((s) => s[key]).join('|')})\\b\\s*:?`, 'i');

/** Headings of the client's and the issuer's blocks, every base language at once. */
export const PARTY_HEADINGS = { client: join('client'), issuer: join('issuer') } as const;

/** A payment label alone on its line ("Entidad bancaria:"), or before what it names after a colon. */
export const PAYMENT_LABEL = {
  alone: new RegExp(`^\\s*(?:${SETS.flatMap((s) => s.payment).join('|')})\\s*:?\\s*$`, 'i'),
  inline: new RegExp(`^\\s*(?:${SETS.flatMap((s) => s.payment).join('|')})\\s*:\\s*\\S`, 'i'),
} as const;
