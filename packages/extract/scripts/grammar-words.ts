// kept whole: data, not logic: the words per label language and issuer country, one table the layout grammar reads.
/**
 * The words the layout grammar prints, per label language: several synonyms per concept (as real invoices
 * of that language write them, the engine's label files in src/labels read as a reference, not copied),
 * and per issuer country its VAT rates, names, streets and registry footer. Concrete strings only; which
 * one a document uses is drawn by invoice-grammar.ts.
 */

export const GRAMMAR_LANGS = ['es', 'ca', 'eu', 'gl', 'en', 'fr', 'de', 'it', 'pt', 'nl'] as const;
export type GrammarLang = (typeof GRAMMAR_LANGS)[number];
export type Country = 'ES' | 'FR' | 'DE' | 'IT' | 'PT' | 'NL';

export type Words = {
  title: string[];
  creditTitle: string[];
  number: string[];
  date: string[];
  due: string[];
  /** Other references printed beside the number (never the invoice number). */
  customerNo: string[];
  order: string[];
  corrects: string[];
  client: string[];
  issuer: string[];
  taxId: string[];
  description: string[];
  quantity: string[];
  price: string[];
  rate: string[];
  amount: string[];
  base: string[];
  vat: string[];
  vatTotal: string[];
  /** Empty where the country has no recargo de equivalencia. */
  surcharge: string[];
  /** Empty where the grammar prints no withholding for that language. */
  withholding: string[];
  total: string[];
  iban: string[];
  payment: string[];
  /** `{city}`, `{a}`, `{b}`, `{c}` are filled from the seed. */
  registry: string;
  /** "on" as in "IVA 21 % s/ 1.234,56": the base the rate applies to. */
  on: string[];
};

const SPANISH_REGISTRY = 'Inscrita en el Registro Mercantil de {city}, Tomo {a}, Folio {b}, Hoja {c}';

export const WORDS: Record<GrammarLang, Words> = {
  es: {
    title: ['FACTURA', 'Factura'],
    creditTitle: ['FACTURA RECTIFICATIVA', 'Factura rectificativa', 'ABONO'],
    number: ['Nº Factura', 'Número de factura', 'Factura nº', 'Núm. factura', 'Nº'],
    date: ['Fecha', 'Fecha de emisión', 'Fecha factura', 'Fecha de expedición'],
    due: ['Vencimiento', 'Fecha de vencimiento', 'Vto.'],
    customerNo: ['Nº cliente', 'Código cliente'],
    order: ['Nº pedido', 'Albarán'],
    corrects: ['Rectifica a la factura', 'Factura rectificada'],
    client: ['Cliente', 'Facturar a', 'Datos del cliente', 'Destinatario', 'Sr./Sres.'],
    issuer: ['Emisor', 'Proveedor'],
    taxId: ['NIF', 'CIF', 'N.I.F.', 'C.I.F.'],
    description: ['Descripción', 'Concepto', 'Artículo'],
    quantity: ['Cantidad', 'Cant.', 'Uds.'],
    price: ['Precio', 'Precio unit.', 'P. unitario'],
    rate: ['IVA', '% IVA'],
    amount: ['Importe', 'Total'],
    base: ['Base imponible', 'Importe neto', 'Total neto', 'Base'],
    vat: ['IVA', 'Cuota IVA'],
    vatTotal: ['Total IVA'],
    surcharge: ['Recargo de equivalencia', 'R.E.', 'Rec. equiv.'],
    withholding: ['Retención IRPF', 'IRPF', 'Retención'],
    total: ['TOTAL FACTURA', 'Total a pagar', 'Importe total', 'Líquido a pagar', 'Total'],
    iban: ['IBAN', 'Cuenta bancaria', 'Nº de cuenta'],
    payment: ['Forma de pago: transferencia bancaria', 'Pago por transferencia'],
    registry: SPANISH_REGISTRY,
    on: ['s/', 'sobre'],
  },
  ca: {
    title: ['FACTURA', 'Factura'],
    creditTitle: ['FACTURA RECTIFICATIVA', 'ABONAMENT'],
    number: ['Núm. factura', 'Número de factura', 'Factura núm.', 'Nº factura'],
    date: ['Data', 'Data de la factura', "Data d'emissió", 'Data factura'],
    due: ['Venciment', 'Data de venciment'],
    customerNo: ['Codi client', 'Núm. client'],
    order: ['Núm. comanda', 'Albarà'],
    corrects: ['Rectifica la factura'],
    client: ['Client', 'Dades del client', 'Destinatari', 'Facturar a'],
    issuer: ['Emissor', 'Proveïdor'],
    taxId: ['NIF', 'CIF'],
    description: ['Descripció', 'Concepte'],
    quantity: ['Quantitat', 'Unitats'],
    price: ['Preu', 'Preu unitari'],
    rate: ['IVA', '% IVA'],
    amount: ['Import', 'Total'],
    base: ['Base imposable', 'Import net'],
    vat: ['IVA', 'Quota IVA'],
    vatTotal: ['Total IVA'],
    surcharge: ["Recàrrec d'equivalència", 'R.E.'],
    withholding: ['Retenció IRPF', 'IRPF'],
    total: ['TOTAL FACTURA', 'Total a pagar', 'Import total', 'Total'],
    iban: ['IBAN', 'Compte bancari'],
    payment: ['Forma de pagament: transferència bancària'],
    registry: 'Inscrita al Registre Mercantil de {city}, Tom {a}, Foli {b}, Full {c}',
    on: ['s/', 'sobre'],
  },
  eu: {
    title: ['FAKTURA', 'Faktura'],
    creditTitle: ['FAKTURA ZUZENTZAILEA'],
    number: ['Faktura zenbakia', 'Faktura zk.'],
    date: ['Data', 'Faktura data', 'Jaulkipen data'],
    due: ['Mugaeguna', 'Epemuga'],
    customerNo: ['Bezero zenbakia'],
    order: ['Eskaera zk.'],
    corrects: ['Zuzendutako faktura'],
    client: ['Bezeroa', 'Hartzailea'],
    issuer: ['Igorlea', 'Hornitzailea'],
    taxId: ['IFZ', 'NIF'],
    description: ['Deskribapena', 'Kontzeptua'],
    quantity: ['Kopurua'],
    price: ['Prezioa', 'Unitate prezioa'],
    rate: ['BEZ %'],
    amount: ['Zenbatekoa'],
    base: ['Zerga oinarria', 'Oinarri ezargarria'],
    vat: ['BEZ'],
    vatTotal: ['BEZ guztira'],
    surcharge: ['Baliokidetasun errekargua'],
    withholding: ['PFEZ atxikipena', 'Atxikipena'],
    total: ['GUZTIRA', 'Ordaintzeko guztira', 'Zenbateko osoa'],
    iban: ['IBAN', 'Banku kontua'],
    payment: ['Ordainketa: banku transferentzia'],
    registry: '{city}ko Merkataritza Erregistroan inskribatua, {a}. liburukia, {b}. folioa, {c}. orria',
    on: ['/'],
  },
  gl: {
    title: ['FACTURA', 'Factura'],
    creditTitle: ['FACTURA RECTIFICATIVA'],
    number: ['Nº factura', 'Número de factura'],
    date: ['Data', 'Data da factura', 'Data de emisión'],
    due: ['Vencemento', 'Data de vencemento'],
    customerNo: ['Código cliente', 'Nº cliente'],
    order: ['Nº pedido'],
    corrects: ['Rectifica a factura'],
    client: ['Cliente', 'Destinatario', 'Datos do cliente'],
    issuer: ['Emisor', 'Provedor'],
    taxId: ['NIF', 'CIF'],
    description: ['Descrición', 'Concepto'],
    quantity: ['Cantidade', 'Unidades'],
    price: ['Prezo', 'Prezo unitario'],
    rate: ['IVE', '% IVE'],
    amount: ['Importe', 'Total'],
    base: ['Base impoñible', 'Base impoñible total'],
    vat: ['IVE', 'Cota IVE'],
    vatTotal: ['Total IVE'],
    surcharge: ['Recarga de equivalencia'],
    withholding: ['Retención IRPF', 'IRPF'],
    total: ['TOTAL FACTURA', 'Total a pagar', 'Importe total'],
    iban: ['IBAN', 'Conta bancaria'],
    payment: ['Forma de pagamento: transferencia bancaria'],
    registry: 'Inscrita no Rexistro Mercantil de {city}, Tomo {a}, Folio {b}, Folla {c}',
    on: ['s/', 'sobre'],
  },
  en: {
    title: ['INVOICE', 'Invoice', 'Tax Invoice'],
    creditTitle: ['CREDIT NOTE', 'Credit Note'],
    number: ['Invoice No.', 'Invoice number', 'Invoice #', 'No.'],
    date: ['Date', 'Invoice date', 'Date of issue', 'Issue date'],
    due: ['Due date', 'Payment due', 'Due by'],
    customerNo: ['Customer No.', 'Account No.'],
    order: ['PO number', 'Order No.'],
    corrects: ['Corrects invoice', 'Original invoice'],
    client: ['Bill to', 'Billed to', 'Customer', 'Invoice to', 'Client'],
    issuer: ['From', 'Supplier', 'Seller'],
    taxId: ['VAT No.', 'VAT ID', 'Tax ID', 'VAT Reg. No.'],
    description: ['Description', 'Item'],
    quantity: ['Qty', 'Quantity', 'Units'],
    price: ['Unit price', 'Rate', 'Price'],
    rate: ['VAT %', 'VAT', 'Tax'],
    amount: ['Amount', 'Line total'],
    base: ['Subtotal', 'Net amount', 'Total excl. VAT', 'Taxable amount'],
    vat: ['VAT', 'Tax'],
    vatTotal: ['Total VAT', 'VAT total'],
    surcharge: ['Equivalence surcharge', 'Surcharge (RE)'],
    withholding: ['Withholding (IRPF)', 'IRPF withholding', 'Withholding tax'],
    total: ['Total', 'Total due', 'Grand total', 'Amount payable', 'Invoice total', 'TOTAL'],
    iban: ['IBAN', 'Bank account'],
    payment: ['Payment by bank transfer', 'Payment terms: bank transfer'],
    registry: 'Registered in the Mercantile Registry of {city}, Volume {a}, Folio {b}, Sheet {c}',
    on: ['on'],
  },
  fr: {
    title: ['FACTURE', 'Facture'],
    creditTitle: ['AVOIR', "Facture d'avoir"],
    number: ['Facture n°', 'N° de facture', 'Numéro de facture', 'Facture N°'],
    date: ['Date', 'Date de facture', "Date d'émission", 'Date de facturation'],
    due: ['Échéance', "Date d'échéance"],
    customerNo: ['N° client', 'Code client'],
    order: ['N° de commande', 'Réf. commande'],
    corrects: ["Facture d'origine"],
    client: ['Client', 'Facturé à', 'Adresse de facturation', 'Destinataire'],
    issuer: ['Émetteur', 'Fournisseur', 'Vendeur'],
    taxId: ['N° TVA intracommunautaire', 'TVA intracom.', 'N° TVA'],
    description: ['Désignation', 'Description', 'Libellé'],
    quantity: ['Qté', 'Quantité'],
    price: ['Prix unitaire HT', 'P.U. HT', 'Prix HT'],
    rate: ['TVA', 'Taux TVA'],
    amount: ['Montant HT', 'Total HT'],
    base: ['Total HT', 'Montant HT', 'Sous-total HT', 'Base HT'],
    vat: ['TVA'],
    vatTotal: ['Total TVA', 'Montant TVA'],
    surcharge: [],
    withholding: [],
    total: ['Total TTC', 'Net à payer', 'Montant TTC', 'Total à payer'],
    iban: ['IBAN', 'Coordonnées bancaires'],
    payment: ['Règlement par virement bancaire', 'Mode de paiement : virement'],
    registry: 'SAS au capital de {a}0 € – RCS {city} B {b} {c}',
    on: ['sur'],
  },
  de: {
    title: ['RECHNUNG', 'Rechnung'],
    creditTitle: ['GUTSCHRIFT', 'Rechnungskorrektur'],
    number: ['Rechnungsnummer', 'Rechnungsnr.', 'Rechnung Nr.', 'Beleg-Nr.'],
    date: ['Datum', 'Rechnungsdatum', 'Belegdatum'],
    due: ['Fällig am', 'Zahlbar bis', 'Fälligkeit'],
    customerNo: ['Kundennummer', 'Kunden-Nr.'],
    order: ['Auftragsnummer', 'Bestell-Nr.'],
    corrects: ['Zur Rechnung', 'Ursprüngliche Rechnung'],
    client: ['Rechnungsempfänger', 'Kunde', 'Rechnungsadresse', 'Leistungsempfänger'],
    issuer: ['Lieferant', 'Rechnungssteller'],
    taxId: ['USt-IdNr.', 'USt-ID', 'Umsatzsteuer-ID'],
    description: ['Bezeichnung', 'Beschreibung', 'Leistung', 'Artikel'],
    quantity: ['Menge', 'Anz.'],
    price: ['Einzelpreis', 'E-Preis', 'Preis'],
    rate: ['MwSt.', 'USt. %'],
    amount: ['Gesamt', 'Betrag', 'Gesamtpreis'],
    base: ['Nettobetrag', 'Summe netto', 'Gesamt netto', 'Zwischensumme netto'],
    vat: ['MwSt.', 'USt.', 'Umsatzsteuer'],
    vatTotal: ['Summe MwSt.', 'Umsatzsteuer gesamt'],
    surcharge: [],
    withholding: [],
    total: [
      'Gesamtbetrag',
      'Rechnungsbetrag',
      'Bruttobetrag',
      'Endbetrag',
      'Rechnungssumme brutto',
      'Zu zahlen',
    ],
    iban: ['IBAN', 'Bankverbindung'],
    payment: ['Zahlbar per Überweisung', 'Bitte überweisen Sie den Betrag auf'],
    registry: 'Amtsgericht {city} HRB {a} · Geschäftsführer: {person} · Steuernummer {b}/{c}',
    on: ['auf'],
  },
  it: {
    title: ['FATTURA', 'Fattura'],
    creditTitle: ['NOTA DI CREDITO', 'Nota di credito'],
    number: ['Fattura n.', 'Numero fattura', 'N. fattura', 'Fattura N°'],
    date: ['Data', 'Data fattura', 'Data documento', 'Data emissione'],
    due: ['Scadenza', 'Data scadenza'],
    customerNo: ['Codice cliente', 'Cod. cliente'],
    order: ['Ordine n.', 'DDT n.'],
    corrects: ['Rif. fattura'],
    client: ['Cliente', 'Spett.le', 'Destinatario', 'Committente'],
    issuer: ['Fornitore', 'Cedente'],
    taxId: ['P.IVA', 'Partita IVA', 'P. IVA'],
    description: ['Descrizione'],
    quantity: ['Q.tà', 'Quantità'],
    price: ['Prezzo unitario', 'Prezzo'],
    rate: ['IVA', 'Aliquota'],
    amount: ['Importo', 'Totale'],
    base: ['Imponibile', 'Totale imponibile', 'Totale netto'],
    vat: ['IVA', 'Imposta'],
    vatTotal: ['Totale IVA'],
    surcharge: [],
    withholding: ["Ritenuta d'acconto", 'Ritenuta'],
    total: ['Totale documento', 'Totale fattura', 'Totale da pagare', 'Netto a pagare', 'TOTALE'],
    iban: ['IBAN', 'Coordinate bancarie'],
    payment: ['Pagamento: bonifico bancario'],
    registry: 'Capitale sociale € {a}0 i.v. – REA {city} {b}{c}',
    on: ['su'],
  },
  pt: {
    title: ['FATURA', 'Fatura'],
    creditTitle: ['NOTA DE CRÉDITO'],
    number: ['Fatura n.º', 'Nº da fatura', 'Número da fatura', 'Fatura nº'],
    date: ['Data', 'Data da fatura', 'Data de emissão'],
    due: ['Vencimento', 'Data de vencimento'],
    customerNo: ['Nº de cliente', 'Código cliente'],
    order: ['Encomenda nº'],
    corrects: ['Referente à fatura'],
    client: ['Cliente', 'Adquirente', 'Destinatário'],
    issuer: ['Fornecedor', 'Emitente'],
    taxId: ['NIF', 'Contribuinte', 'NIPC'],
    description: ['Descrição', 'Designação'],
    quantity: ['Qtd.', 'Quantidade'],
    price: ['Preço unitário', 'Preço'],
    rate: ['IVA', 'Taxa IVA'],
    amount: ['Valor', 'Total'],
    base: ['Total ilíquido', 'Base tributável', 'Valor sem IVA', 'Incidência'],
    vat: ['IVA'],
    vatTotal: ['Total IVA'],
    surcharge: [],
    withholding: ['Retenção na fonte'],
    total: ['Total a pagar', 'Total da fatura', 'Valor a pagar', 'Total do documento', 'Total com IVA'],
    iban: ['IBAN', 'NIB'],
    payment: ['Pagamento por transferência bancária'],
    registry: 'Capital social {a}0 € · Matriculada na C.R.C. de {city} sob o nº {b}{c}',
    on: ['s/'],
  },
  nl: {
    title: ['FACTUUR', 'Factuur'],
    creditTitle: ['CREDITNOTA', 'Creditfactuur'],
    number: ['Factuurnummer', 'Factuurnr.', 'Factuur nr.'],
    date: ['Factuurdatum', 'Datum'],
    due: ['Vervaldatum', 'Te betalen voor'],
    customerNo: ['Klantnummer', 'Debiteurnummer'],
    order: ['Ordernummer', 'Uw referentie'],
    corrects: ['Betreft factuur'],
    client: ['Factuuradres', 'Klant', 'Klantgegevens', 'Aan'],
    issuer: ['Leverancier', 'Verkoper'],
    taxId: ['BTW-nummer', 'BTW-nr.', 'Btw-id'],
    description: ['Omschrijving', 'Beschrijving'],
    quantity: ['Aantal'],
    price: ['Prijs', 'Stukprijs'],
    rate: ['BTW', 'BTW %'],
    amount: ['Bedrag', 'Totaal'],
    base: ['Subtotaal', 'Totaal excl. BTW', 'Bedrag excl. btw'],
    vat: ['BTW'],
    vatTotal: ['Totaal BTW'],
    surcharge: [],
    withholding: [],
    total: ['Totaal', 'Totaal incl. BTW', 'Te betalen', 'Factuurbedrag', 'Totaalbedrag'],
    iban: ['IBAN', 'Rekeningnummer'],
    payment: ['Gelieve het bedrag over te maken op'],
    registry: 'KvK {a}{b} · Ingeschreven te {city}',
    on: ['over'],
  },
};

/** The issuer's country of a label language: Spain's four languages and English are Spanish issuers. */
export const COUNTRY_OF: Record<GrammarLang, Country> = {
  es: 'ES',
  ca: 'ES',
  eu: 'ES',
  gl: 'ES',
  en: 'ES',
  fr: 'FR',
  de: 'DE',
  it: 'IT',
  pt: 'PT',
  nl: 'NL',
};

/** Standard, reduced and super-reduced VAT rates (a country without the third repeats the second). */
export const VAT_RATES: Record<Country, [number, number, number]> = {
  ES: [21, 10, 4],
  FR: [20, 10, 5.5],
  DE: [19, 7, 7],
  IT: [22, 10, 4],
  PT: [23, 13, 6],
  NL: [21, 9, 9],
};

/** Withholding rates on a freelancer's invoice, where the grammar prints one. */
export const WITHHOLDING_RATES: Partial<Record<Country, number[]>> = {
  ES: [15, 15, 7],
  IT: [20],
  PT: [25],
};

export type Place = { streets: string[]; cities: [string, string][]; companies: string[]; people: string[] };

/** Company names carry their legal form; postcodes are the country's format. */
export const PLACES: Record<GrammarLang, Place> = {
  es: {
    streets: ['Calle Mayor', 'Avenida de la Constitución', 'Calle Alcalá', 'Gran Vía', 'Calle San Vicente'],
    cities: [
      ['28013', 'Madrid'],
      ['41004', 'Sevilla'],
      ['46002', 'Valencia'],
      ['50001', 'Zaragoza'],
    ],
    companies: [
      'Distribuciones Levante S.L.',
      'Talleres Gómez e Hijos S.L.',
      'Suministros Industriales del Norte S.A.',
      'Papelería Central Madrid S.L.',
      'Reformas Integrales Sevilla S.L.',
      'Tecnologías Cuadrante S.A.',
    ],
    people: ['María López García', 'Javier Martín Sánchez', 'Elena Castro Romero'],
  },
  ca: {
    streets: ['Carrer de Balmes', 'Passeig de Gràcia', 'Carrer Major', 'Rambla de Catalunya'],
    cities: [
      ['08007', 'Barcelona'],
      ['17001', 'Girona'],
      ['25002', 'Lleida'],
      ['43003', 'Tarragona'],
    ],
    companies: [
      'Serveis Informàtics del Vallès S.L.',
      'Construccions Puig i Fills S.A.',
      'Impremta Montserrat S.L.',
      'Distribucions Empordà S.L.U.',
    ],
    people: ['Jordi Puig Serra', 'Montserrat Vidal Roca', 'Pere Soler Ferrer'],
  },
  eu: {
    streets: ['Kale Nagusia', 'Gran Vía kalea', 'Zumalakarregi etorbidea', 'Foruen plaza'],
    cities: [
      ['48001', 'Bilbo'],
      ['20004', 'Donostia'],
      ['01001', 'Gasteiz'],
    ],
    companies: [
      'Eraikuntzak Goierri S.L.',
      'Itsasoko Arrantza S.A.',
      'Mendiko Egurrak S.L.',
      'Aholkularitza Bidasoa S.L.U.',
    ],
    people: ['Ane Etxeberria Agirre', 'Mikel Zubizarreta Otxoa', 'Iker Goikoetxea Arana'],
  },
  gl: {
    streets: ['Rúa do Vilar', 'Rúa Real', 'Avenida da Mariña', 'Praza de Galicia'],
    cities: [
      ['15703', 'Santiago de Compostela'],
      ['36202', 'Vigo'],
      ['27001', 'Lugo'],
    ],
    companies: [
      'Conservas Rías Baixas S.L.',
      'Carpintería do Miño S.L.',
      'Transportes Galaicos S.A.',
      'Viñedos do Ribeiro S.L.',
    ],
    people: ['Uxía Castro Varela', 'Breixo Pereira Souto', 'Antía Rodríguez Lema'],
  },
  en: {
    streets: ['Calle Serrano', 'Avenida Diagonal', 'Calle Colón', 'Paseo de la Castellana'],
    cities: [
      ['28006', 'Madrid'],
      ['08029', 'Barcelona'],
      ['29001', 'Málaga'],
    ],
    companies: [
      'Iberia Software Solutions S.L.',
      'Costa Digital Marketing S.L.',
      'Mediterranean Cloud Services S.A.',
      'Atlantic Translation Partners S.L.',
    ],
    people: ['Laura Smith Navarro', 'Daniel Brown Ortega', 'Sofía Green Martín'],
  },
  fr: {
    streets: ['rue de la République', 'avenue Jean Jaurès', 'boulevard Voltaire', 'rue des Lilas'],
    cities: [
      ['75011', 'Paris'],
      ['69002', 'Lyon'],
      ['33000', 'Bordeaux'],
      ['31000', 'Toulouse'],
    ],
    companies: [
      'Atelier Dubois SARL',
      'Imprimerie Lefèvre SAS',
      'Transports Moreau et Fils SA',
      'Conseil Bernard & Associés SAS',
    ],
    people: ['Camille Martin', 'Julien Petit', 'Sophie Laurent'],
  },
  de: {
    streets: ['Hauptstraße', 'Bahnhofstraße', 'Lindenweg', 'Industriestraße'],
    cities: [
      ['80331', 'München'],
      ['10115', 'Berlin'],
      ['50667', 'Köln'],
      ['20095', 'Hamburg'],
    ],
    companies: [
      'Müller Logistik GmbH',
      'Schneider Bürotechnik GmbH',
      'Becker & Wagner Elektro KG',
      'Hofmann Softwarehaus AG',
    ],
    people: ['Thomas Schmidt', 'Anna Weber', 'Markus Fischer'],
  },
  it: {
    streets: ['Via Roma', 'Corso Vittorio Emanuele', 'Via Garibaldi', 'Viale dei Mille'],
    cities: [
      ['20121', 'Milano'],
      ['00184', 'Roma'],
      ['10121', 'Torino'],
      ['40121', 'Bologna'],
    ],
    companies: [
      'Rossi Forniture S.r.l.',
      'Tipografia Bianchi S.n.c.',
      'Esposito Impianti S.p.A.',
      'Studio Ferrari Consulenze S.r.l.',
    ],
    people: ['Giulia Romano', 'Marco Colombo', 'Francesca Ricci'],
  },
  pt: {
    streets: ['Rua Augusta', 'Avenida da Liberdade', 'Rua de Santa Catarina', 'Rua do Carmo'],
    cities: [
      ['1100-053', 'Lisboa'],
      ['4000-322', 'Porto'],
      ['3000-150', 'Coimbra'],
    ],
    companies: [
      'Silva & Filhos, Lda.',
      'Construções Ferreira, S.A.',
      'Gráfica Lusitana, Lda.',
      'Tecnologias do Tejo, Unipessoal Lda.',
    ],
    people: ['João Pereira', 'Ana Costa', 'Rui Oliveira'],
  },
  nl: {
    streets: ['Kerkstraat', 'Stationsweg', 'Dorpsstraat', 'Keizersgracht'],
    cities: [
      ['1015 CJ', 'Amsterdam'],
      ['3011 AB', 'Rotterdam'],
      ['3511 LX', 'Utrecht'],
    ],
    companies: [
      'Van Dijk Techniek B.V.',
      'Jansen Transport B.V.',
      'De Vries Drukkerij V.O.F.',
      'Bakker ICT B.V.',
    ],
    people: ['Sanne de Vries', 'Daan Jansen', 'Lotte Visser'],
  },
};

/** Items by VAT class: 0 standard, 1 reduced, 2 super-reduced. Services are a freelancer's. */
export const ITEMS: Record<GrammarLang, { goods: [string, 0 | 1 | 2][]; services: string[] }> = {
  es: {
    goods: [
      ['Tornillos acero inox. caja 100 uds', 0],
      ['Aceite de oliva virgen extra 5 L', 1],
      ['Pan de molde integral', 2],
      ['Detergente líquido 3 L', 0],
      ['Leche entera brik 1 L', 2],
      ['Menú del día', 1],
    ],
    services: [
      'Servicios de consultoría fiscal',
      'Diseño de página web',
      'Asesoramiento contable trimestral',
    ],
  },
  ca: {
    goods: [
      ['Paper A4 80 g paquet 500 fulls', 0],
      ["Oli d'oliva verge extra 5 L", 1],
      ['Pa de pagès', 2],
      ['Cable elèctric 2,5 mm rotlle', 0],
    ],
    services: ['Serveis de consultoria', 'Manteniment informàtic mensual', 'Traducció de documents'],
  },
  eu: {
    goods: [
      ['Torlojuak kutxa 100 ud', 0],
      ['Oliba olioa 5 L', 1],
      ['Ogia', 2],
      ['Margo zuria 15 L', 0],
    ],
    services: ['Aholkularitza zerbitzuak', 'Web orriaren diseinua', 'Itzulpen zerbitzua'],
  },
  gl: {
    goods: [
      ['Parafusos aceiro caixa 100 ud', 0],
      ['Aceite de oliva 5 L', 1],
      ['Pan de millo', 2],
      ['Viño do Ribeiro caixa 6', 0],
    ],
    services: ['Servizos de asesoría', 'Deseño de páxina web', 'Mantemento informático'],
  },
  en: {
    goods: [
      ['Office chairs, ergonomic', 0],
      ['Catering for team event', 1],
      ['Printed books (training)', 2],
      ['Laptop docking station', 0],
    ],
    services: ['Software consulting services', 'Website maintenance', 'UX design workshop'],
  },
  fr: {
    goods: [
      ['Ramette papier A4 80 g', 0],
      ['Plateau repas traiteur', 1],
      ['Livres scolaires', 2],
      ['Cartouche encre noire', 0],
    ],
    services: ['Prestation de conseil', 'Développement site internet', 'Maintenance informatique'],
  },
  de: {
    goods: [
      ['Druckerpapier A4, 500 Blatt', 0],
      ['Fachbuch Buchhaltung', 1],
      ['Kaffeebohnen 1 kg', 2],
      ['Bürostuhl ergonomisch', 0],
    ],
    services: ['Beratungsleistung', 'Webentwicklung', 'IT-Wartung monatlich'],
  },
  it: {
    goods: [
      ['Carta per fotocopie A4', 0],
      ['Servizio di ristorazione', 1],
      ['Pane e prodotti da forno', 2],
      ['Toner stampante laser', 0],
    ],
    services: ['Consulenza professionale', 'Sviluppo sito web', 'Assistenza contabile'],
  },
  pt: {
    goods: [
      ['Papel de fotocópia A4', 0],
      ['Serviço de restauração', 1],
      ['Pão e bolos', 2],
      ['Tinteiro preto', 0],
    ],
    services: ['Serviços de consultoria', 'Desenvolvimento de website', 'Contabilidade mensal'],
  },
  nl: {
    goods: [
      ['Kopieerpapier A4, 500 vel', 0],
      ['Lunch catering', 1],
      ['Vakliteratuur boeken', 2],
      ['Bureaulamp LED', 0],
    ],
    services: ['Advieswerkzaamheden', 'Websiteontwikkeling', 'Maandelijks IT-onderhoud'],
  },
};
