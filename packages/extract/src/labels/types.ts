/**
 * Label words of one language (or one region), as regular-expression alternatives per concept. A concept
 * has tiers, strongest first (`number[0]` are the explicit "invoice number" labels, `number[3]` bare
 * document titles); `index.ts` joins the languages of a document per tier into one expression.
 */
export type LabelWords = {
  number: string[][];
  issueDate: string[][];
  dueDate: string[][];
  taxBase: string[][];
  vatTotal: string[][];
  total: string[][];
  tendered: string[][];
  change: string[][];
  withholding: string[][];
  surcharge: string[][];
  issuerBlock: string[][];
  clientBlock: string[][];
};

export type Concept = keyof LabelWords;
