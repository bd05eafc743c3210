/**
 * Reads generated invoices with the current engine and prints accuracy per layout family, fitted vs
 * held apart. A measurement, never a target to tune on (the held-apart column exists to catch that).
 *
 *   tsx scripts/measure-generated.ts --seeds 1-4 --outputs pdf
 *   tsx scripts/measure-generated.ts --seeds 1-2 --outputs scan --layouts es-sidebar,classic
 *   tsx scripts/measure-generated.ts --seeds 1-4 --outputs pdf --dump $TMPDIR/outcomes.json   # per document
 *   tsx scripts/measure-generated.ts --grammar 1-60 --outputs pdf   # the layout grammar's documents
 *
 * Grammar documents are grouped by split (fit, held) and also by each held-apart region they fall in
 * (`grammar:lang:gl`, `grammar:header:client-left`) and by label language (`grammar:lang=…`).
 */
import { writeFileSync } from 'node:fs';
import { fieldCorrect, scoreLines } from '../bench/score.ts';
import { closeOcr, extractDocument } from '../src/index.ts';
import {
  type DocumentOutput,
  type GeneratedDocument,
  generateDocuments,
  generateGrammarDocuments,
} from './generate-documents.ts';

const FIELDS = [
  'invoice_number',
  'issue_date',
  'issuer_name',
  'issuer_tax_id',
  'client_name',
  'client_tax_id',
  'tax_base',
  'vat_total',
  'withholding_total',
  'surcharge_total',
  'total',
  'vat_breakdown',
] as const;

type Tally = { right: number; of: number };
type Group = {
  docs: number;
  fields: Record<string, Tally>;
  lines: Tally;
  verified: Tally;
  verifiedWrong: string[];
};

function parseSeeds(s: string): number[] {
  return s.split(',').flatMap((part) => {
    const m = /^(\d+)-(\d+)$/.exec(part);
    if (!m) return [Number(part)];
    return Array.from({ length: Number(m[2]) - Number(m[1]) + 1 }, (_, i) => Number(m[1]) + i);
  });
}

/** One document's outcome per field, for `--dump` (read the fitted ones only when writing rules). */
export type DocOutcome = {
  id: string;
  layout: string;
  output: DocumentOutput;
  heldApart: boolean;
  fields: Record<string, { truth: unknown; got: unknown; ok: boolean; verified: boolean }>;
  lines: { correct: number; truth: number };
};

const newGroup = (): Group => ({
  docs: 0,
  fields: {},
  lines: { right: 0, of: 0 },
  verified: { right: 0, of: 0 },
  verifiedWrong: [],
});

export async function measureGenerated(opts: {
  seeds: number[];
  outputs: DocumentOutput[];
  layouts?: string[];
  outcomes?: DocOutcome[];
  /** Grammar documents of these seeds instead of the fixed layouts. */
  grammarSeeds?: number[];
}): Promise<Map<string, Group>> {
  const docs: GeneratedDocument[] = opts.grammarSeeds
    ? await generateGrammarDocuments({ seeds: opts.grammarSeeds, outputs: opts.outputs })
    : await generateDocuments(opts);
  const groups = new Map<string, Group>();
  for (const d of docs) {
    const split = d.heldApart ? 'held' : 'fit';
    // Per family, and every family together (`all`) per output and split; grammar documents also per
    // held-apart region and per label language.
    const keys = [`all|${d.output}|${split}`, `${d.family}|${d.output}|${split}`];
    if (d.structure) {
      for (const region of d.structure.heldApartRegions) keys.push(`grammar:${region}|${d.output}|held`);
      keys.push(`grammar:lang=${d.structure.lang}|${d.output}|${split}`);
    }
    for (const key of keys) if (!groups.has(key)) groups.set(key, newGroup());
    const [all, ...rest] = keys.map((k) => groups.get(k)!) as [Group, ...Group[]];
    const g = rest[0]!;
    for (const x of [all, ...rest]) x.docs++;
    const outcome: DocOutcome = {
      id: d.id,
      layout: d.layout,
      output: d.output,
      heldApart: d.heldApart,
      fields: {},
      lines: { correct: 0, truth: 0 },
    };
    opts.outcomes?.push(outcome);
    const truth = d.truth.fields;
    const r = await extractDocument({ bytes: d.bytes, filename: d.truth.file }, { today: '2030-01-01' });
    const got = r.fields as Record<string, unknown>;
    for (const name of FIELDS) {
      if (truth[name] == null) continue;
      const ok = fieldCorrect(name, truth[name], got[name], truth);
      outcome.fields[name] = { truth: truth[name], got: got[name], ok, verified: !!r.verified[name] };
      for (const x of [all, ...rest]) {
        const t = x.fields[name] ?? { right: 0, of: 0 };
        x.fields[name] = t;
        t.of++;
        if (ok) t.right++;
      }
    }
    const lines = scoreLines(truth.line_items as never, got.line_items as never);
    outcome.lines = { correct: lines.correct, truth: lines.truth };
    for (const x of [all, ...rest]) {
      x.lines.right += lines.correct;
      x.lines.of += lines.truth;
    }
    for (const [name, isVerified] of Object.entries(r.verified)) {
      if (!isVerified || truth[name] == null || !(FIELDS as readonly string[]).includes(name)) continue;
      const ok = fieldCorrect(name, truth[name], got[name], truth);
      for (const x of [all, ...rest]) {
        x.verified.of++;
        if (ok) x.verified.right++;
      }
      if (!ok)
        g.verifiedWrong.push(
          `${d.id}:${name}=${JSON.stringify(got[name])} (truth ${JSON.stringify(truth[name])})`,
        );
    }
  }
  return groups;
}

export function formatGroups(groups: Map<string, Group>): string {
  const pct = (t: Tally | undefined) => (t?.of ? `${Math.round((100 * t.right) / t.of)}%` : '—');
  const head = [
    'family',
    'output',
    'split',
    'docs',
    ...FIELDS.map((f) => f.replace(/_/g, ' ')),
    'lines',
    'verified ok',
  ];
  const rows = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, g]) => [
      ...key.split('|'),
      String(g.docs),
      ...FIELDS.map((f) => pct(g.fields[f])),
      pct(g.lines),
      `${g.verified.right}/${g.verified.of}`,
    ]);
  const lines = [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
  const wrong = [...groups.values()].flatMap((g) => g.verifiedWrong);
  if (wrong.length) lines.push('', 'verified but wrong:', ...wrong.map((w) => `  ${w}`));
  return lines.join('\n');
}

const isMain = process.argv[1]?.endsWith('measure-generated.ts');
if (isMain) {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const outcomes: DocOutcome[] = [];
  const dump = opt('--dump');
  measureGenerated({
    seeds: parseSeeds(opt('--seeds') ?? '1-4'),
    outputs: (opt('--outputs') ?? 'pdf').split(',') as DocumentOutput[],
    layouts: opt('--layouts')?.split(','),
    outcomes,
    grammarSeeds: opt('--grammar') ? parseSeeds(opt('--grammar')!) : undefined,
  })
    .then((groups) => {
      console.log(formatGroups(groups));
      if (dump) writeFileSync(dump, JSON.stringify(outcomes, null, 1));
    })
    .catch((e) => {
      console.error(e);
      process.exitCode = 1;
    })
    .finally(() => closeOcr());
}
