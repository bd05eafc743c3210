import type { LabelWords } from './types.ts';

/** Basque. Words stand after what they qualify ("Faktura zenbakia", "Guztira"). */
export const EU: LabelWords = {
  number: [['faktura\\s*(?:zenbakia|zk\\.?|zenb\\.?)'], [], [], [], [], []],
  issueDate: [['faktura(?:ren)?\\s*data', 'jaulkipen\\s*data'], ['data']],
  dueDate: [['mugaeguna', 'epemuga']],
  taxBase: [['\\bzerga\\s*oinarria', '\\boinarri\\s*ezargarria']],
  vatTotal: [['\\bbez\\b']],
  total: [['guztira', 'ordaintzeko\\s*guztira', 'zenbateko\\s*osoa'], []],
  amountDue: [['ordaintzeko\\s*dagoena', 'zor\\s*den\\s*zenbatekoa']],
  prepaid: [['aurrerakina', 'ordainduta']],
  discount: [['deskontua']],
  tendered: [['eskudirua', 'txartela']],
  change: [['itzulia', 'bueltak']],
  withholding: [['atxikipena']],
  surcharge: [['baliokidetasun\\s*errekargua']],
  issuerBlock: [['igorlea', 'hornitzailea', 'saltzailea']],
  clientBlock: [['bezeroa', 'hartzailea']],
  otherReference: [
    ['bezero\\s*(?:zenbakia|zk\\.?)', 'kontratu\\s*(?:zenbakia|zk\\.?)', 'eskaera\\s*(?:zenbakia|zk\\.?)'],
  ],
  otherDate: [['inprimatze\\s*data', 'eskaera\\s*data', 'entrega\\s*data']],
};
