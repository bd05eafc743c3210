import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * A digital PDF holding several simple invoices from one supplier, one page each. A `null` entry is a
 * page that continues the invoice before it (general terms: no number, no total).
 */
export async function invoicesPdf(numbers: (string | null)[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  numbers.forEach((number, i) => {
    const base = 100 * (i + 1);
    const lines =
      number === null
        ? ['Condiciones generales de venta', 'El pago se hará por transferencia en 30 días.']
        : [
            'Suministros Levante S.L.   CIF B12345674',
            'Calle Mayor 1, 46001 Valencia',
            `Factura nº ${number}`,
            `Fecha: 0${i + 1}/03/2026`,
            'Cliente: Andrés Navarro Gil   NIF 63659203X',
            `Material de oficina   ${base},00 €`,
            `Base imponible   ${base},00 €`,
            `IVA 21%   ${(base * 0.21).toFixed(2).replace('.', ',')} €`,
            `Total factura   ${(base * 1.21).toFixed(2).replace('.', ',')} €`,
          ];
    const page = pdf.addPage([595, 842]);
    lines.forEach((text, row) => {
      page.drawText(text, { x: 50, y: 780 - row * 24, size: 12, font });
    });
  });
  return Buffer.from(await pdf.save());
}
