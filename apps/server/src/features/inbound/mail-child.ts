/**
 * A sandbox for reading mail (see mail-sandbox.ts), one at a time: parses a raw message from disk (or takes
 * a provider's already-parsed mail), opens its zips and forwards within `MAIL_BUDGET`, renders a receipt
 * body, and writes the files it found into the folder it is given. A hostile mail (deep MIME nesting, huge
 * headers, thousands of parts, zip bombs) costs only this process's memory and time, never the API's.
 *
 * Messages in: `{ id, type: 'raw', path, outDir, limits }` or `{ id, type: 'mail', mail, outDir, limits }`.
 * Messages out: `{ type: 'ready' }` once loaded; `{ id, type: 'read', head, files, skipped }`,
 * `{ id, type: 'over-budget', head, reason, part }`, `{ id, type: 'unreadable', message }` or
 * `{ id, type: 'fault', code, message }`.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import type { DiskFile } from '../uploads';
import {
  type BudgetReason,
  type InboundMail,
  type MailHead,
  MailOverBudget,
  mailToFiles,
  type PartLimits,
  parseMail,
  type Skipped,
} from './parts';

export type MailRequest = { outDir: string; limits: PartLimits } & (
  | { type: 'raw'; path: string }
  | { type: 'mail'; mail: InboundMail }
);
export type MailChildReply =
  | { type: 'read'; head: MailHead; files: DiskFile[]; skipped: Skipped[] }
  | { type: 'over-budget'; head: MailHead; reason: BudgetReason; part: string }
  | { type: 'unreadable'; message: string }
  /** Not the mail's fault (a full disk writing its files): the API reports it with Node's error code. */
  | { type: 'fault'; code: string | null; message: string };
type Reply = MailChildReply & { id: number };

const headOf = ({ from, subject, messageId, date, authenticationResults }: InboundMail): MailHead => ({
  from,
  subject,
  messageId,
  date,
  authenticationResults,
});

async function read(request: MailRequest): Promise<MailChildReply> {
  let mail: InboundMail;
  if (request.type === 'mail') mail = request.mail;
  else {
    try {
      mail = await parseMail(await readFile(request.path));
    } catch (error) {
      // A MIME tree mailparser will not walk (too many or too deeply nested parts) never parses on a retry.
      return { type: 'unreadable', message: error instanceof Error ? error.message : String(error) };
    }
  }
  const head = headOf(mail);
  try {
    const { files, skipped } = await mailToFiles(mail, request.limits);
    const written: DiskFile[] = [];
    for (const [index, file] of files.entries()) {
      const path = join(request.outDir, `part-${index + 1}`);
      await writeFile(path, file.bytes);
      written.push({
        filename: file.filename,
        path,
        size: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
      });
    }
    return { type: 'read', head, files: written, skipped };
  } catch (error) {
    if (error instanceof MailOverBudget)
      return { type: 'over-budget', head, reason: error.reason, part: error.part };
    throw error;
  }
}

try {
  setPriority(Number(process.env.CUADRA_PARSE_NICE ?? 10));
} catch {}
let chain: Promise<unknown> = Promise.resolve();
process.on('message', (message: MailRequest & { id: number }) => {
  chain = chain.then(async () => {
    let reply: MailChildReply;
    try {
      reply = await read(message);
    } catch (error) {
      const { code, message: text } = (error ?? {}) as { code?: string; message?: string };
      reply = { type: 'fault', code: code ?? null, message: text ?? '' };
    }
    process.send?.({ ...reply, id: message.id } satisfies Reply);
  });
});
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'ready' });
