import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DiskFile } from '../uploads';
import { createSandboxPool, type SandboxLimits } from '../uploads';
import type { MailChildReply, MailRequest } from './mail-child';
import { type InboundMail, type MailHead, MailOverBudget, type PartLimits, type Skipped } from './parts';

/**
 * Where a mail is read: its MIME tree parsed, its zips and forwards opened, its files written to disk.
 * That ran on the receiver's thread and a hostile mail slowed every request (/api/health 47 → 234 ms while
 * one was read; issue #35), so mail is read in sandbox processes (`mail-child.ts`) under these limits. A
 * process past them is killed and its mail refused whole, permanently: `MAIL_TOO_COMPLEX`.
 */
export const MAIL_LIMITS: SandboxLimits = {
  heapMb: 256,
  // A 25 MB mail decoded (its attachments twice over at most) plus a zip's 100 MB budget inflated.
  rssBytes: 512 * 1024 * 1024,
  // An ordinary mail is read in well under a second; a full 25 MB one of zips in a few on a busy machine.
  timeoutMs: 30_000,
  // Mails read at once; the rest wait their turn. Memory at worst: processes × rssBytes.
  processes: 2,
};
/** Their nice value: when the cores are contended, the API's requests go first. */
const MAIL_NICE = 10;

const pool = createSandboxPool<MailRequest, MailChildReply>({
  childUrl: new URL('./mail-child.ts', import.meta.url),
  limits: MAIL_LIMITS,
  nice: MAIL_NICE,
  name: 'mail',
});

/** Starts one mail sandbox now (at start-up), so the first mail does not wait for it to load. */
export const warmMailSandbox = (): Promise<void> => pool.warm();
/** Ends the mail sandboxes (at shutdown). */
export const closeMailSandboxes = (): Promise<void> => pool.close();
/** The mail sandboxes' process ids (a test watches them). */
export const mailSandboxPids = () => pool.pids();

/** A raw message whose MIME tree cannot be read (SMTP 554: it will not parse on a retry either). */
export class MailUnreadable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailUnreadable';
  }
}

/** What a mail became: its files on disk and what was skipped, or why it is refused whole. */
export type MailParts = { files: DiskFile[]; skipped: Skipped[] } | { overBudget: MailOverBudget };

export type ReadMail = {
  head: MailHead;
  parts: MailParts;
  /** Removes the mail's files (an upload moves away those it keeps). */
  dispose: () => Promise<void>;
};

const NO_HEAD: MailHead = {
  from: null,
  subject: null,
  messageId: null,
  date: null,
  authenticationResults: null,
};

/**
 * Reads a mail in a sandbox: a raw message waiting on disk (SMTP) or a provider's parsed mail (webhook).
 * Its files are written into a folder of their own under `tempDir`. Throws `MailUnreadable` for a MIME tree
 * that cannot be read; a fault of the sandbox's own (a full disk) with its Node error code.
 */
export async function readMail(
  source: { path: string } | { mail: InboundMail },
  options: { tempDir: string; limits: PartLimits },
): Promise<ReadMail> {
  await mkdir(options.tempDir, { recursive: true });
  // `upload-`: a folder a crashed process leaves behind is swept like an upload's (`removeStaleUploads`).
  const outDir = await mkdtemp(join(options.tempDir, 'upload-mail-'));
  const dispose = () => rm(outDir, { recursive: true, force: true });
  try {
    const request: MailRequest =
      'path' in source
        ? { type: 'raw', path: source.path, outDir, limits: options.limits }
        : { type: 'mail', mail: source.mail, outDir, limits: options.limits };
    const reply = await pool.run(request);
    switch (reply.type) {
      case 'read':
        return { head: reply.head, parts: { files: reply.files, skipped: reply.skipped }, dispose };
      case 'over-budget':
        return {
          head: reply.head,
          parts: { overBudget: new MailOverBudget(reply.reason, reply.part) },
          dispose,
        };
      case 'over-limit': {
        const head = 'mail' in source ? source.mail : NO_HEAD;
        return {
          head,
          parts: { overBudget: new MailOverBudget('MAIL_TOO_COMPLEX', reply.message) },
          dispose,
        };
      }
      case 'unreadable':
        throw new MailUnreadable(reply.message);
      case 'fault':
        throw Object.assign(new Error(reply.message), reply.code ? { code: reply.code } : {});
    }
  } catch (error) {
    await dispose();
    throw error;
  }
}
