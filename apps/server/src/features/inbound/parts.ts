import { sniffMediaType } from '@cuadra/extract/sniff';
import { unzipSync } from 'fflate';
import type { BufferedFile } from '../uploads';
import { renderTextToPdf } from './receipt-pdf';

/** A mail as both receivers (SMTP and the provider webhook) hand it over: one shape, one code path. */
export type InboundMail = {
  from: string | null;
  subject: string | null;
  messageId: string | null;
  date: Date | null;
  text: string | null;
  attachments: MailAttachment[];
  authenticationResults: string | null;
};

/** What is recorded of a mail whatever becomes of its files. */
export type MailHead = Pick<InboundMail, 'from' | 'subject' | 'messageId' | 'date' | 'authenticationResults'>;

export type MailAttachment = {
  filename: string | null;
  contentType: string;
  content: Buffer;
  /** An image embedded in the HTML body (a logo, a signature): not an invoice. */
  related?: boolean;
};

export type Skipped = { name: string; reason: string };

export type PartLimits = {
  maxFileBytes: number;
  maxFiles: number;
};

/**
 * One budget per mail (issue #35), whatever its zips: entries read, bytes once inflated, inflation ratio,
 * zips inside zips. It was per zip, and inner zips were opened recursively: nested zips in one 108 KB mail
 * inflated to 1.05 GB. A mail over any of them is refused whole, permanently, with the reason
 * (`MailOverBudget`); nothing of it is kept.
 */
export const MAIL_BUDGET = {
  /** Files taken out of all the mail's zips together. */
  maxEntries: 100,
  /** Bytes of all the mail's zip entries together, once inflated (inner zips included). */
  maxInflatedBytes: 100 * 1024 * 1024,
  // Real PDFs deflate 1–10:1 and XML up to ~30:1; a zip bomb is 1000:1 and more.
  maxRatio: 100,
  /** A zip, and at most one zip inside it. */
  maxZipDepth: 2,
};
export type BudgetReason =
  | 'ZIP_BOMB'
  | 'ZIP_TOO_LARGE'
  | 'ZIP_TOO_MANY_ENTRIES'
  | 'ZIP_TOO_DEEP'
  /** The mail took more memory or time to read than its sandbox allows (`MAIL_LIMITS`). */
  | 'MAIL_TOO_COMPLEX';

/** A mail over `MAIL_BUDGET`: refused whole with this reason (SMTP 552). */
export class MailOverBudget extends Error {
  constructor(
    readonly reason: BudgetReason,
    readonly part: string,
  ) {
    super(`${reason}: ${part}`);
    this.name = 'MailOverBudget';
  }
}

/** Forwards of forwards: past this the inner mail is not opened. */
const MAX_MAIL_DEPTH = 3;
/** A body counts as a receipt when it shows an amount (12,50 or 12.50) and says what it is. */
const AMOUNT = /\d[\d.\s]*[.,]\d{2}\b/;
const RECEIPT_WORDS =
  /\b(total|importe|iva|vat|factura|invoice|ticket|recibo|receipt|pedido|order|pago|payment|amount|subtotal)\b/i;

/** Crude but safe: enough to find the amounts in an HTML e-ticket when the provider sent no text part. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, '')
    .replace(/<(br|\/p|\/div|\/tr|\/h\d|\/li)\s*\/?>/gi, '\n')
    .replace(/<\/t[dh]>/gi, '   ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&euro;/g, '€')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/^[ \t]+/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export async function parseMail(raw: Buffer): Promise<InboundMail> {
  // Loaded by the first mail, not at start: most processes never read one.
  const { simpleParser } = await import('mailparser');
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true });
  const auth = parsed.headers.get('authentication-results');
  return {
    from: parsed.from?.value[0]?.address?.toLowerCase() ?? null,
    subject: parsed.subject ?? null,
    messageId: parsed.messageId ?? null,
    date: parsed.date ?? null,
    // Our own HTML reading keeps table cells apart ("Total   20,80 €"), which receipts depend on.
    text: parsed.html ? htmlToText(parsed.html) : (parsed.text ?? null),
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType.toLowerCase(),
      content: a.content,
      related: a.related,
    })),
    authenticationResults: Array.isArray(auth) ? auth.join('; ') : typeof auth === 'string' ? auth : null,
  };
}

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
const baseName = (name: string) => name.split(/[\\/]/).pop() || name;

/** A zip entry name that would leave the folder it is opened in (or is absolute) is never read. */
export function isUnsafeZipPath(name: string): boolean {
  return (
    name.startsWith('/') ||
    name.startsWith('\\') ||
    /^[a-z]:/i.test(name) ||
    name.split(/[\\/]/).some((segment) => segment === '..') ||
    name.includes('\0')
  );
}

/**
 * What a mail becomes: each PDF, JPG, PNG or XML attachment a file (a PDF holding several invoices, one file
 * per invoice); zips opened within the mail's budget (`MAIL_BUDGET`: over it, `MailOverBudget` is thrown
 * and the mail refused); forwarded mails opened; and, when nothing else is there, a body that reads like a
 * receipt rendered to PDF. Everything else is listed as skipped, with a reason.
 */
export async function mailToFiles(
  mail: InboundMail,
  limits: PartLimits,
): Promise<{ files: BufferedFile[]; skipped: Skipped[] }> {
  const files: BufferedFile[] = [];
  const skipped: Skipped[] = [];

  // A PDF holding several invoices is cut at intake (`uploadFiles`), as a dropped one is.
  const addFile = async (name: string, bytes: Buffer) => {
    if (bytes.length === 0) return skipped.push({ name, reason: 'EMPTY_FILE' });
    if (bytes.length > limits.maxFileBytes) return skipped.push({ name, reason: 'FILE_TOO_LARGE' });
    if (!sniffMediaType(bytes)) return skipped.push({ name, reason: 'UNSUPPORTED_TYPE' });
    if (files.length >= limits.maxFiles) return skipped.push({ name, reason: 'TOO_MANY_FILES' });
    files.push({ filename: name, bytes });
  };

  // What the mail's zips declare, all of them together.
  const budget = { entries: 0, bytes: 0 };
  const isZipName = (entryName: string) => /\.zip$/i.test(entryName);
  const skippedEntry = (entryName: string) =>
    isUnsafeZipPath(entryName) || entryName.endsWith('/') || /(^|\/)(__MACOSX|\.)/.test(entryName);

  /**
   * Adds a zip's entries, and those of the zips inside it, to the mail's budget from their declared sizes
   * before any file is inflated (only inner zips are, to read their lists). Throws `MailOverBudget`.
   */
  const survey = async (name: string, bytes: Buffer, depth: number) => {
    let budgetError: MailOverBudget | null = null;
    let inner: Record<string, Uint8Array> = {};
    try {
      inner = unzipSync(bytes, {
        filter: (entry) => {
          if (budgetError || skippedEntry(entry.name)) return false;
          const label = `${name}/${entry.name}`;
          if (depth >= MAIL_BUDGET.maxZipDepth && isZipName(entry.name))
            budgetError = new MailOverBudget('ZIP_TOO_DEEP', label);
          else if (++budget.entries > MAIL_BUDGET.maxEntries)
            budgetError = new MailOverBudget('ZIP_TOO_MANY_ENTRIES', label);
          else if (entry.originalSize / Math.max(entry.size, 1) > MAIL_BUDGET.maxRatio)
            budgetError = new MailOverBudget('ZIP_BOMB', label);
          else if (budget.bytes + entry.originalSize > MAIL_BUDGET.maxInflatedBytes)
            budgetError = new MailOverBudget('ZIP_TOO_LARGE', label);
          budget.bytes += entry.originalSize;
          return !budgetError && isZipName(entry.name);
        },
      });
    } catch {
      // An unreadable zip is reported when it is opened.
    }
    if (budgetError) throw budgetError;
    for (const [entryName, content] of Object.entries(inner))
      await survey(
        `${name}/${entryName}`,
        Buffer.from(content.buffer, content.byteOffset, content.byteLength),
        depth + 1,
      );
  };

  /** Opens a zip the survey let through; its files go into `files` one by one. */
  const openZip = async (name: string, bytes: Buffer, depth: number) => {
    const refused: Skipped[] = [];
    let inflated: Record<string, Uint8Array>;
    try {
      // The filter sees each entry's declared sizes before anything is inflated; fflate inflates into a
      // buffer of the declared size, so an entry that lies about its size cannot grow past it.
      inflated = unzipSync(bytes, {
        filter: (entry) => {
          const label = `${name}/${entry.name}`;
          if (isUnsafeZipPath(entry.name)) return !refused.push({ name: label, reason: 'ZIP_UNSAFE_PATH' });
          if (skippedEntry(entry.name)) return false;
          if (entry.originalSize > limits.maxFileBytes && !isZipName(entry.name))
            return !refused.push({ name: label, reason: 'FILE_TOO_LARGE' });
          return true;
        },
      });
    } catch {
      return skipped.push({ name, reason: 'ZIP_INVALID' });
    }
    skipped.push(...refused);
    for (const [entryName, content] of Object.entries(inflated)) {
      const entryBytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
      delete inflated[entryName]; // each entry's bytes go as soon as it is read
      if (isZip(entryBytes)) {
        // A zip not named .zip was not surveyed: it is only opened at the first level, and counted then.
        if (depth >= MAIL_BUDGET.maxZipDepth)
          throw new MailOverBudget('ZIP_TOO_DEEP', `${name}/${entryName}`);
        if (!isZipName(entryName)) await survey(`${name}/${entryName}`, entryBytes, depth + 1);
        await openZip(`${name}/${entryName}`, entryBytes, depth + 1);
      } else await addFile(baseName(entryName), entryBytes);
    }
  };

  const walk = async (current: InboundMail, depth: number) => {
    for (const [index, attachment] of current.attachments.entries()) {
      const name = baseName(attachment.filename ?? `attachment-${index + 1}`);
      if (attachment.related && attachment.contentType.startsWith('image/')) continue;
      if (attachment.contentType === 'message/rfc822' || /\.eml$/i.test(name)) {
        if (depth >= MAX_MAIL_DEPTH) {
          skipped.push({ name, reason: 'MAIL_TOO_DEEP' });
          continue;
        }
        const inner = await parseMail(attachment.content).catch(() => null);
        if (!inner) {
          skipped.push({ name, reason: 'MAIL_INVALID' });
          continue;
        }
        const before = files.length;
        await walk(inner, depth + 1);
        // A forwarded e-ticket: the forward's own body is the receipt.
        if (files.length === before) await addReceipt(inner);
      } else if (isZip(attachment.content)) {
        if (!surveyed.has(attachment.content)) await survey(name, attachment.content, 1);
        await openZip(name, attachment.content, 1);
      } else {
        await addFile(name, attachment.content);
      }
    }
  };

  const addReceipt = async (current: InboundMail) => {
    const body = current.text?.trim() ?? '';
    if (!AMOUNT.test(body) || !RECEIPT_WORDS.test(body)) return;
    // The mail's own date is left out: the receipt's date is the one in its body.
    const footer = current.from ? `\n\n(${current.from})` : '';
    const pdf = Buffer.from(await renderTextToPdf([current.subject ?? ''], body + footer));
    const stem = (current.subject ?? 'receipt')
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 60);
    await addFile(`${stem || 'receipt'}.pdf`, pdf);
  };

  // Every zip of the mail itself counts before any of them is opened.
  const surveyed = new Set<Buffer>();
  for (const [index, attachment] of mail.attachments.entries())
    if (isZip(attachment.content)) {
      await survey(baseName(attachment.filename ?? `attachment-${index + 1}`), attachment.content, 1);
      surveyed.add(attachment.content);
    }
  await walk(mail, 0);
  // Only a mail with nothing attached is read as a receipt: "invoice attached" beside a refused zip is not one.
  if (files.length === 0 && skipped.length === 0) await addReceipt(mail);
  return { files, skipped };
}
