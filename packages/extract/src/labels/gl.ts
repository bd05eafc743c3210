import type { LabelWords } from './types.ts';

/** Galician. */
export const GL: LabelWords = {
  number: [
    ['n[ºo°.]?\\s*(?:de\\s*)?factura(?![a-zà-ÿ])', 'n[úu]mero\\s*(?:de\\s*)?factura(?![a-zà-ÿ])'],
    [],
    [],
    [],
    [],
    [],
  ],
  issueDate: [['data\\s*(?:da\\s*)?(?:factura|emisi[óo]n|expedici[óo]n)'], ['data']],
  dueDate: [['data\\s*(?:de\\s*)?vencemento', 'vencemento']],
  taxBase: [['\\bbase\\s*impo[ñn]ible']],
  vatTotal: [['\\b(?:total\\s*|cota\\s*(?:de\\s*)?)?i\\.?v\\.?e\\.?(?:\\b|(?=\\d))']],
  total: [['total\\s*(?:factura|a\\s*pagar)', 'importe\\s*total', 'l[íi]quido\\s*a\\s*pagar'], []],
  amountDue: [['importe\\s*pendente', 'pendente\\s*de\\s*pagamento']],
  prepaid: [['anticipo', 'pagado']],
  discount: [['desconto']],
  tendered: [['efectivo', 'entregado', 'tarxeta']],
  change: [['cambio', 'devoluci[óo]n']],
  withholding: [['retenci[óo]n']],
  surcharge: [['recarga\\s*(?:de\\s*)?equivalencia']],
  issuerBlock: [['emisor', 'provedor', 'vendedor', '(?:vendido|facturado|emitido)\\s*por']],
  clientBlock: [['cliente', 'destinatario']],
  otherReference: [
    ['n[ºo°.]?\\s*(?:de\\s*)?(?:cliente|contrato|pedido|albar[áa]n)', 'c[óo]digo\\s*(?:de\\s*)?cliente'],
  ],
  otherDate: [['data\\s*(?:de\\s*)?(?:impresi[óo]n|pedido|entrega)']],
};
