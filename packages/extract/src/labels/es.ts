import type { LabelWords, PartyLabelWords } from './types.ts';

/** Spanish. */
export const ES: LabelWords = {
  number: [
    [
      // "factura", never "facturación" ("Número de facturación" is a billing account's).
      'n[ºo°.]?\\s*(?:de\\s*)?(?:la\\s*)?factura(?![a-zà-ÿ])',
      'factura\\s*(?:n[ºo°.]|núm(?:ero)?\\.?|num(?:ero)?\\.?|#)',
      'n[úu]mero\\s*(?:de\\s*)?(?:la\\s*)?factura(?![a-zà-ÿ])',
      'núm\\.?\\s*factura(?![a-zà-ÿ])',
      'num\\.?\\s*factura(?![a-zà-ÿ])',
      // "Fra.", the short form of "factura": "Nº Fra.", "Fra. nº", "Núm. fra.".
      'n(?:[ºo°.]|[úu]m\\.?|[úu]mero)?\\s*(?:de\\s*)?fra(?!\\.?[a-zà-ÿ])\\.?',
      'fra\\.?\\s*(?:n[ºo°.]|n[úu]m(?:ero)?\\.?)',
    ],
    // "Factura:" with its colon labels the number, as its short form "Fra:" does; the bare title is tier 4.
    ['factura(?=\\s*:)', 'fra\\.?(?=\\s*:)'],
    ['factura\\s*(?:\\(\\d{3}\\)\\s*)?(?:nr\\.?|no\\.?|n[°º]\\.?|#)(?=\\s)'],
    [
      'factura\\s*simplificada',
      // "Fra." is the usual short form of "factura".
      'fra\\.?\\s*simplificada',
      'ticket',
      'n[ºo°]\\s*ticket',
      // A credit note's own number ("Nº abono:", OCR's "N? rectificativa:"), never its title alone.
      'n[^\\s\\d]{0,2}\\s*(?:abono|rectificativa)(?=\\s*:)',
      'n[ºo°]\\s*documento',
      'n[ºo°]\\s*doc\\.?',
      'serie\\s*y\\s*n[úu]mero',
      // A professional's fee note ("Minuta 12/2024"): the invoice under its own title.
      'minuta',
      // "Número:" with its colon, under a document's title.
      'n[úu]mero(?=\\s*:)',
      // A pro-forma invoice's own number ("PROFORMA   G 200" in a row of labels over the values).
      'proforma',
    ],
    ['factura'],
    // A header row of cells ("Número   Fecha de emisión   Fecha de vencimiento") over the values.
    ['factura', 'n[úu]mero'],
    // "Nº" alone, weakest: a house number ("Tapia Nº11") reads the same, so a title beats it.
    ['n[ºo°]'],
  ],
  issueDate: [
    [
      // "Fecha de la factura", and the date and number under one label ("Fecha y Nº Factura: 03.04.2025 / 2181").
      'fecha\\s*(?:y\\s*n[ºo°.]?\\s*)?(?:de\\s*)?(?:la\\s*)?(?:factura|emisi[óo]n|expedici[óo]n|operaci[óo]n)',
      // Short forms: "F. factura", "F. emisión", "Fecha fra.".
      'f\\.\\s*(?:de\\s*)?(?:factura|emisi[óo]n|expedici[óo]n)',
      'fecha\\s*(?:de\\s*)?fra(?!\\.?[a-zà-ÿ])\\.?',
    ],
    ['fecha', 'fecha\\s*\\/\\s*date'],
  ],
  dueDate: [['fecha\\s*(?:de\\s*)?vencimiento', 'vencimiento', 'vto\\.?']],
  taxBase: [
    [
      // OCR reads the l of "imponible" as i or 1.
      '\\b(?:total\\s*)?bases?\\s*imp[o0]n[il1]b[il1]es?',
      // "Suma bases", "Total bases": the bases of several rates summed.
      '\\b(?:suma|total)\\s*(?:de\\s*)?(?:las\\s*)?bases\\b',
      '\\bbase\\s*total',
      // Short forms: "B. Imponible", "Bas.Imp.", "BASE IMP.", "Base Imp.".
      '\\bb(?:ase|as)?\\.?\\s*imp(?:onible\\b|\\.)',
      // "Base I.V.A.", "Base IVA": the amount the tax is charged on.
      '\\bbase\\s*(?:de\\s*)?i\\.?v\\.?a\\b\\.?',
      // "BASE:" alone, a label by its colon.
      '\\bbase(?=\\s*:)',
      '\\bimporte\\s*neto',
      '\\btotal\\s*neto',
      '\\bneto\\b',
      // "Total sin IVA", "Importe sin impuestos", "Total (impuestos no incluidos)": the amount before tax.
      '\\b(?:total|importe|subtotal)\\s*sin\\s*(?:i\\.?v\\.?a\\b\\.?|impuestos)',
      '\\btotal\\s*\\(?\\s*(?:i\\.?v\\.?a\\.?|impuestos)\\s*no\\s*incluid[oa]s?\\)?',
      // "B.I. 21%": the short form of "base imponible".
      '\\bb\\.\\s?i\\.(?!\\w)',
      // "BASE" alone as a cell of a row of labels ("BASE   %   IVA   TOTAL"), its value in the row below.
      '(?<=^|\\s{3})base(?=\\s{3}|\\s*$)',
    ],
  ],
  // "IVA21%": OCR drops the space before the rate.
  vatTotal: [
    [
      '\\b(?:total\\s*|cuota\\s*(?:de\\s*)?|importe\\s*)?i\\.?v\\.?a\\.?(?:\\b|(?=\\d))',
      // "Total impuestos": the taxes of a goods invoice, summed over its rates.
      '\\btotal\\s*impuestos\\b',
      // The Canary Islands' IGIC and Ceuta and Melilla's IPSI stand where IVA does.
      '\\b(?:total\\s*|cuota\\s*(?:de\\s*)?|importe\\s*)?(?:i\\.?g\\.?i\\.?c|ipsi)\\b\\.?',
      // "Total cuotas", and "Cuota" opening its line or cell with its value after it ("Cuota   63,00").
      '\\btotal\\s*cuotas?\\b',
      '(?<=^\\W*|\\s{3})cuotas?(?=\\s*:|\\s*\\(?\\d|\\s{3}|\\s*$)',
      // "Impuesto   0,98", "IMPUESTOS: 170,88", "Importe de impuestos": the tax opening its line or cell with its
      // value after it ("Impuesto eléctrico" on an electricity bill is part of the base, never the VAT).
      '(?<=^\\W*|\\s{3})(?:importe\\s*(?:de\\s*)?(?:los\\s*)?)?impuestos?(?=\\s*:|\\s*\\(?\\d|\\s{3}|\\s*$)',
    ],
  ],
  total: [
    [
      'total\\s*(?:factura|a\\s*pagar|importe|general|€|eur)',
      // "Total fra.", and "T O T A L" printed letter-spaced as a heading.
      '(?:total|t\\so\\st\\sa\\sl)\\s*(?:fra|factura)',
      // "TOTAL COMPRA (IVA incl.)", "Total (IVA incluido)": the total with its tax in it, never the tax.
      'total(?:\\s*[a-zà-ÿ]+)?\\s*\\(?\\s*(?:i\\.?v\\.?a\\.?|impuestos)\\s*incl(?:uid[oa]s?)?',
      'importe\\s*total',
      'total\\s*(?:de\\s*(?:la\\s*)?)?factura',
      'l[íi]quido\\s*(?:a\\s*(?:pagar|percibir)|total)',
      'total\\s*l[íi]quido',
      'importe\\s*(?:a\\s*pagar|l[íi]quido)',
      // "Total con IVA", "Total (impuestos incluidos)": the total, never the tax.
      'total\\s*con\\s*(?:i\\.?v\\.?a\\b\\.?|impuestos)',
    ],
    // "LÍQUIDO" alone opens its line: inside a line it names goods ("Jabón líquido").
    ['importe', '(?<=^\\W*)l[íi]quido', '(?<=^\\W*)a\\s*pagar'],
  ],
  amountDue: [
    [
      'importe\\s*pendiente(?:\\s*de\\s*pago)?',
      'pendiente\\s*de\\s*pago',
      'saldo\\s*pendiente',
      'importe\\s*adeudado',
      'resto\\s*a\\s*pagar',
    ],
  ],
  prepaid: [['anticipos?', 'entregas?\\s*a\\s*cuenta', 'pagado', 'ya\\s*abonado']],
  discount: [['descuento', 'dto\\.?', 'bonificaci[óo]n', 'rebaja']],
  tendered: [['efectivo', 'entregado', 'tarjeta']],
  change: [['cambio', 'devoluci[óo]n']],
  withholding: [
    [
      'retenci[óo]n',
      'retenciones',
      'i\\.?r\\.?p\\.?f\\.?',
      'retención\\s*irpf',
      // "Ret:", "Ret. 15 %": the short form, a label by its colon or point.
      'ret(?=\\.?\\s*:|\\.\\s|\\.$)',
    ],
  ],
  surcharge: [
    [
      'recargo(?:\\s*de)?\\s*equivalencia',
      'rec\\.\\s*(?:de\\s*)?equiv(?:alencia|\\.)',
      'recargo',
      'r\\.?\\s*e\\.?\\s*(?=\\d|\\s*\\()',
      // "REC." alone as a cell of a row of labels ("IVA   %   REC.   TOTAL").
      '(?<=^|\\s{3})rec\\.(?=\\s{3}|\\s*$)',
    ],
  ],
  // "De:" and "Para:" over two blocks side by side: from whom, to whom.
  issuerBlock: [
    ['emisor', 'proveedor', 'vendedor', '(?:vendido|facturado|emitid[oa])\\s*por', 'de(?=\\s*:)'],
  ],
  clientBlock: [
    [
      'cliente',
      'para(?=\\s*:)',
      // "Facturar a" / "Facturado a", never "Factura   Alcalá, 59" (a title beside an address) nor "Factura A-17".
      'facturar\\s*a(?![a-zà-ÿ\\d-])',
      'facturado\\s*a(?![a-zà-ÿ\\d-])',
      'factura\\s*a(?=\\s*:|\\s*$|\\s{2,})',
      'destinatario',
      'datos\\s*(?:del\\s*)?cliente',
      'comprador',
      'sr\\.?\\s*\\/\\s*sres\\.?',
      'sres\\.',
      'señor(?:es)?',
      'a\\s*la\\s*atenci[óo]n\\s*de',
      'direcci[óo]n\\s*de\\s*(?:facturaci[óo]n|env[íi]o)',
    ],
  ],
  otherReference: [
    [
      'n[ºo°.]?\\s*(?:de\\s*)?(?:cliente|contrato|pedido|albar[áa]n|abonado|socio|cuenta|p[óo]liza|suministro|expediente)',
      '(?:c[óo]digo|c[óo]d\\.?|ref\\.?|referencia|n[úu]mero|num\\.?)\\s*(?:de\\s*)?(?:cliente|contrato|pedido|albar[áa]n|abonado|socio|cuenta|p[óo]liza|suministro)',
      '(?:cliente|contrato|pedido|albar[áa]n|p[óo]liza)\\s*(?:n[ºo°.]|n[úu]m(?:ero)?\\.?|#)',
      'cups',
      // A payment's reference or locator is not the invoice's number.
      '(?:n[ºo°.]?\\s*(?:de\\s*)?)?referencia\\s*(?:de(?:l)?\\s*)?pago',
      'localizador(?:\\s*(?:de\\s*)?pago)?',
    ],
  ],
  otherDate: [
    [
      'fecha\\s*(?:del?\\s*)?(?:la\\s*)?(?:impresi[óo]n|pedido|entrega|albar[áa]n|contrato|alta|baja|nacimiento|pago|cargo|lectura)',
      // A supply contract's start or end ("Fecha final contrato", "Fin de contrato de suministro").
      'fecha\\s*(?:de\\s*)?(?:final|fin|inicio)\\b',
      'fin\\s*(?:del?\\s*)?contrato',
      'impreso\\s*(?:el|a)',
      // The invoice a credit note corrects: "Factura rectificada ... de fecha".
      'factura\\s*(?:rectificada|original|de\\s*origen|asociada|relacionada)',
      'rectifica\\s*a',
    ],
  ],
};

/**
 * Spanish party-block headings beyond `clientBlock`/`issuerBlock` (read by `parties.ts`): the holder of a
 * supply contract is the customer ("Titular", never the account holder of the payee's bank details).
 */
export const ES_PARTIES: PartyLabelWords = {
  client: [
    'titular(?!\\s*(?:de\\s*(?:la\\s*)?)?cuenta)(?:\\s*del?\\s*(?:contrato|suministro))?',
    'datos\\s*del\\s*titular',
    'datos\\s*de\\s*facturaci[óo]n',
  ],
  issuer: [
    'comercializadora',
    'empresa\\s*comercializadora',
    'datos\\s*del?\\s*(?:emisor|proveedor|vendedor)',
    'empresa\\s*emisora',
  ],
  payment: [
    'entidad(?:\\s*(?:bancaria|financiera))?',
    'banco',
    'nombre\\s*del\\s*banco',
    '(?:forma|medio)\\s*de\\s*pago',
  ],
};
