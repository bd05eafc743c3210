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
  /**
   * What is still to be paid after advances or earlier payments ("Open amount", "Importe pendiente",
   * "Reste à payer", "Zahlbetrag"): its own field, never the invoice total when a total is printed too.
   */
  amountDue: string[][];
  /** What was paid before or on account (advances, deposits): the amount due is then not the total. */
  prepaid: string[][];
  /** A discount or rebate line: neither the total nor the base. */
  discount: string[][];
  tendered: string[][];
  change: string[][];
  withholding: string[][];
  surcharge: string[][];
  issuerBlock: string[][];
  clientBlock: string[][];
  /**
   * Labels of other references that are not the invoice's number (customer, contract, order, delivery
   * note, account numbers): their values are never taken as it.
   */
  otherReference: string[][];
  /**
   * Labels of dates that are not the issue date (printed on, order, delivery, the date of a referenced
   * invoice): their dates are never taken as it while an issue-date label is printed.
   */
  otherDate: string[][];
};

export type Concept = keyof LabelWords;

/** Party-block headings of one language that `clientBlock`/`issuerBlock` do not hold. */
export type PartyLabelWords = {
  client: string[];
  issuer: string[];
  /**
   * Labels of how an invoice is paid and through which bank ("Forma de pago:", "Entidad bancaria:"): what
   * they name is no party.
   */
  payment: string[];
};
