import { promises as dns } from 'node:dns';
import type { Readable } from 'node:stream';

/** Longest the whole SPF + DKIM + DMARC check of one mail may take; past it the mail is "unchecked". */
export const MAIL_AUTH_TIMEOUT_MS = 5_000;

/** A DNS lookup as mailauth calls it: `dns.promises.resolve`'s shape; errors carry Node's DNS codes. */
export type DnsResolver = (name: string, rrtype: string) => Promise<unknown>;

export type MailAuthMode = 'enforce' | 'record' | 'off';

/**
 * What the arrival check found. `result`: `pass` (DMARC passed, or with no DMARC record SPF or an aligned
 * DKIM signature passed), `neutral` (nothing proves or disproves the sender), `fail` (refused under
 * `enforce`), `unchecked` (DNS could not be reached in time, or the check is off).
 */
export type MailAuthVerdict = {
  result: 'pass' | 'neutral' | 'fail' | 'unchecked';
  spf: string | null;
  dkim: string | null;
  dmarc: string | null;
  /** Why a `fail` fails, for the SMTP reply. */
  reason: string | null;
};

export const UNCHECKED: MailAuthVerdict = {
  result: 'unchecked',
  spf: null,
  dkim: null,
  dmarc: null,
  reason: null,
};

const TEMPORARY = new Set(['temperror', 'temperr']);

/** A resolver that answers ETIMEOUT once the check's shared deadline has passed, and races it otherwise. */
function bounded(resolver: DnsResolver, deadline: number): DnsResolver {
  return (name, rrtype) => {
    const left = deadline - Date.now();
    const timeout = () => Object.assign(new Error(`DNS lookup of ${name} timed out`), { code: 'ETIMEOUT' });
    if (left <= 0) return Promise.reject(timeout());
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      resolver(name, rrtype),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(timeout()), left);
      }),
    ]).finally(() => clearTimeout(timer));
  };
}

/**
 * Checks SPF (envelope sender and connecting IP), DKIM and DMARC of a mail as it arrives (ADR 0017).
 * Every DNS lookup goes through `resolver`; the whole check is bounded by `timeoutMs`.
 */
export async function checkMailAuth(
  raw: Buffer | Readable,
  options: {
    ip: string;
    helo: string;
    sender: string;
    mta: string;
    resolver?: DnsResolver;
    timeoutMs?: number;
  },
): Promise<MailAuthVerdict> {
  const timeoutMs = options.timeoutMs ?? MAIL_AUTH_TIMEOUT_MS;
  const resolver = bounded(
    options.resolver ?? ((name, rrtype) => dns.resolve(name, rrtype)),
    Date.now() + timeoutMs,
  );
  let timer: NodeJS.Timeout | undefined;
  // Loaded by the first mail, not at start: most processes never check one.
  const { authenticate } = await import('mailauth');
  const outcome = await Promise.race([
    authenticate(raw, {
      ip: options.ip,
      helo: options.helo || options.ip,
      sender: options.sender,
      mta: options.mta,
      resolver: resolver as never,
      disableArc: true,
      disableBimi: true,
    }),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs + 100);
    }),
  ]).finally(() => clearTimeout(timer));
  if (!outcome) return UNCHECKED;

  const spf = outcome.spf ? outcome.spf.status.result : null;
  const signatures = outcome.dkim?.results ?? [];
  const passing = signatures.filter((r) => r.status.result === 'pass');
  const dkim = passing.length ? 'pass' : (signatures[0]?.status.result ?? 'none');
  const alignedDkim = passing.some((r) => Boolean(r.status.aligned));
  const dmarcResult = outcome.dmarc ? outcome.dmarc : null;
  const dmarc = dmarcResult ? dmarcResult.status.result : null;
  const policy = dmarcResult ? String(dmarcResult.policy ?? '').toLowerCase() : '';
  const verdict = { spf, dkim, dmarc };

  if (dmarc === 'fail' && (policy === 'reject' || policy === 'quarantine'))
    return { ...verdict, result: 'fail', reason: `DMARC policy ${policy} of ${dmarcResult?.domain} failed` };
  const dkimUnknown = signatures.some((r) => TEMPORARY.has(r.status.result));
  if (spf === 'fail' && !alignedDkim && !dkimUnknown)
    return {
      ...verdict,
      result: 'fail',
      reason: `SPF of ${outcome.spf ? outcome.spf.domain : 'the sender'} does not allow ${options.ip}`,
    };
  if ([spf, dkim, dmarc].some((r) => r && TEMPORARY.has(r)))
    return { ...verdict, result: 'unchecked', reason: null };
  const passed = dmarc === 'pass' || (dmarc !== 'fail' && (spf === 'pass' || alignedDkim));
  return { ...verdict, result: passed ? 'pass' : 'neutral', reason: null };
}
