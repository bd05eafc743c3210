import { toCents } from './text/numbers.ts';
import type { ExtractionResult } from './types.ts';

/** The spec's extracted shape (spec-2 §3): amounts in integer cents. */
export type SpecExtraction = {
  /** With a known party: whether it issued or received the document (the engine's `direction`). */
  direction: ExtractionResult['direction'];
  empresa: { nombre: string | null; direccion: string | null; nif: string | null };
  cliente: { nombre: string | null; direccion: string | null; nif: string | null };
  factura: {
    numero: string | null;
    fecha: string | null;
    fecha_vencimiento: string | null;
    tipo: 'emitida' | 'recibida' | null;
    base_imponible: number | null;
    IVA_total: number | null;
    IRPF_total: number | null;
    recargo_equivalencia: number | null;
    /** Output taxes that are not IVA (IGIC, IPSI, special taxes), in cents; null when there are none. */
    otros_impuestos: number | null;
    total_factura: number | null;
    /** What is still to be paid (after advances or earlier payments), in cents: the engine's `amount_due`. */
    amount_due: number | null;
    moneda: string | null;
    iban: string | null;
  };
  conceptos: {
    descripcion: string;
    cantidad: number | null;
    precio_unitario: number | null;
    porcentaje_IVA: number | null;
    IVA: number | null;
    porcentaje_IRPF: number | null;
    IRPF: number | null;
    importe: number | null;
  }[];
};

/**
 * Converts a result to the spec's `empresa/cliente/factura/conceptos` shape. `tipo` is decided by the
 * caller's own tax id (`ownTaxId`): issued when it equals the issuer's, received when it equals the client's;
 * without one, by the `direction` the engine found for the known party (`options.party`).
 */
export function toSpecFormat(result: ExtractionResult, ownTaxId?: string): SpecExtraction {
  const f = result.fields;
  const norm = (s?: string) =>
    s
      ?.toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .replace(/^ES/, '');
  const own = norm(ownTaxId);
  // The caller's own tax id decides; without one, the direction the engine found for the known party.
  const byDirection =
    result.direction === 'issued' ? 'emitida' : result.direction === 'received' ? 'recibida' : null;
  const tipo = own
    ? own === norm(f.issuer_tax_id)
      ? 'emitida'
      : own === norm(f.client_tax_id)
        ? 'recibida'
        : null
    : byDirection;
  const irpfRate = f.withholding_rate != null ? Number(f.withholding_rate) : null;
  return {
    direction: result.direction ?? null,
    empresa: {
      nombre: f.issuer_name ?? null,
      direccion: f.issuer_address ?? null,
      nif: f.issuer_tax_id ?? null,
    },
    cliente: {
      nombre: f.client_name ?? null,
      direccion: f.client_address ?? null,
      nif: f.client_tax_id ?? null,
    },
    factura: {
      numero: f.invoice_number ?? null,
      fecha: f.issue_date ?? null,
      fecha_vencimiento: f.due_date ?? null,
      tipo,
      base_imponible: toCents(f.tax_base),
      IVA_total: toCents(f.vat_total),
      IRPF_total: toCents(f.withholding_total),
      recargo_equivalencia: toCents(f.surcharge_total),
      otros_impuestos: toCents(f.other_taxes_total),
      total_factura: toCents(f.total),
      amount_due: toCents(f.amount_due),
      moneda: f.currency ?? null,
      iban: f.iban ?? null,
    },
    conceptos: (f.line_items ?? []).map((l) => {
      const importe = toCents(l.line_total);
      const rate = l.vat_rate != null ? Number(l.vat_rate) : null;
      return {
        descripcion: l.description,
        cantidad: l.quantity != null ? Number(l.quantity) : null,
        precio_unitario: toCents(l.unit_price),
        porcentaje_IVA: rate,
        IVA: importe != null && rate != null ? Math.round((importe * rate) / 100) : null,
        porcentaje_IRPF: irpfRate,
        IRPF: importe != null && irpfRate != null ? Math.round((importe * irpfRate) / 100) : null,
        importe,
      };
    }),
  };
}
