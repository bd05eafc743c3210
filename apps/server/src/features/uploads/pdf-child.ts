/**
 * A sandbox for reading PDFs at intake (see pdf-sandbox.ts), one at a time: finds the invoices a PDF holds
 * and cuts it, or cuts it at pages a person chose. It runs with a heap cap, a resident-memory watch and a
 * time limit, so a hostile file costs only this process. It loads the splitter alone, not the OCR engines.
 *
 * Messages in: `{ id, type: 'plan', path }` or `{ id, type: 'cut', bytes, groups }`.
 * Messages out: `{ type: 'ready' }` once loaded; `{ id, type: 'planned', pageCount, parts }`, `{ id, type: 'cut', parts }` or
 * `{ id, type: 'failed', code, message }`.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { countPdfPages, cutPdf, splitInvoicePdf } from '@cuadra/extract/split';

export type PdfRequest =
  | { type: 'plan'; path: string }
  | { type: 'cut'; bytes: Uint8Array; groups: number[][] };
export type PdfChildRequest = { id: number } & PdfRequest;
/** One invoice cut from the file, written beside it. */
export type PlannedPart = { pages: number[]; path: string; size: number; sha256: string };
export type PdfChildReply =
  | { type: 'planned'; pageCount: number; parts: PlannedPart[] | null }
  | { type: 'cut'; parts: { pages: number[]; bytes: Uint8Array }[] }
  | { type: 'failed'; code: string | null; message: string };
type Reply = PdfChildReply & { id: number };

async function plan(path: string): Promise<PdfChildReply> {
  const bytes = await readFile(path);
  const parts = await splitInvoicePdf(bytes);
  if (!parts) return { type: 'planned', pageCount: 0, parts: null };
  const written: PlannedPart[] = [];
  for (const [i, part] of parts.entries()) {
    const partPath = `${path}.part-${i + 1}.pdf`;
    await writeFile(partPath, part.bytes);
    written.push({
      pages: part.pages,
      path: partPath,
      size: part.bytes.length,
      sha256: createHash('sha256').update(part.bytes).digest('hex'),
    });
  }
  const pageCount = (await countPdfPages(bytes)) ?? parts.at(-1)?.pages.at(-1) ?? 0;
  return { type: 'planned', pageCount, parts: written };
}

try {
  setPriority(Number(process.env.CUADRA_PARSE_NICE ?? 10));
} catch {}
let chain: Promise<unknown> = Promise.resolve();
process.on('message', (message: PdfChildRequest) => {
  chain = chain.then(async () => {
    let reply: PdfChildReply;
    try {
      reply =
        message.type === 'plan'
          ? await plan(message.path)
          : { type: 'cut', parts: await cutPdf(message.bytes, message.groups) };
    } catch (error) {
      // An ExtractError (by shape: this process loads the splitter alone) carries the engine's code.
      const {
        name,
        code,
        message: text,
      } = (error ?? {}) as { name?: string; code?: string; message?: string };
      reply = { type: 'failed', code: name === 'ExtractError' ? (code ?? null) : null, message: text ?? '' };
    }
    process.send?.({ ...reply, id: message.id } satisfies Reply);
  });
});
process.on('disconnect', () => process.exit(0));
// The splitter is loaded (static imports): the sandbox can take files.
process.send?.({ type: 'ready' });
