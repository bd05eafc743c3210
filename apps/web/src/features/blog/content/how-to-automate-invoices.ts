import type { ArticleContent } from '../article-types';

export const content: ArticleContent = {
  en: `
Two pieces of Spanish regulation are changing how invoices are made and exchanged: **VeriFactu**, which sets rules for the software that issues invoices, and the **B2B e-invoicing obligation** of the Ley Crea y Crece, which will require businesses to send each other structured electronic invoices. Both push in the same direction as automation: fewer hand-made invoices, more data that machines can read and check. This guide explains what each one asks of you and then gives a step-by-step way to automate both the invoices you issue and the ones you receive.

Dates in this area have moved more than once, so treat the ones below as a snapshot and check the Tax Agency (AEAT) website before you plan around them.

## What VeriFactu is, in plain words

VeriFactu comes from the anti-fraud law of 2021 (Ley 11/2021) and its regulation, Real Decreto 1007/2023, which sets the requirements for *sistemas informáticos de facturación*: any software used to issue invoices. The aim is simple: an invoice, once issued, cannot be silently altered or deleted. To achieve it, the software must:

- keep a record of every invoice it issues, chained to the previous one with a hash, so that any later change is detectable;
- record cancellations and corrections as new entries, never by editing the old ones;
- print a QR code on each invoice that lets the customer check it with the Tax Agency;
- either send each record to the Tax Agency as it is created (the "VERI*FACTU" mode), or keep the records locally with stronger guarantees and hand them over when asked.

Businesses that already report through the SII (the immediate VAT information system used by large companies) are outside VeriFactu, and the Basque Country and Navarre have their own systems (TicketBAI and its equivalents).

After the most recent postponement, the obligation starts on 1 January 2027 for companies that pay corporate tax and on 1 July 2027 for everyone else, self-employed people included. Software vendors had to adapt their products earlier. In practice, if you issue invoices with a program, make sure your vendor states in writing that it complies; if you issue them with a word processor or a spreadsheet, this is the moment to stop.

## What the B2B e-invoicing obligation adds

Ley 18/2022, known as Crea y Crece, goes further: businesses and professionals will have to issue and receive electronic invoices in their dealings with each other, and report on whether invoices have been paid, to help fight late payment. "Electronic" here means structured data (formats such as Facturae, UBL or CII under the European standard EN 16931), not a PDF attached to an email.

The obligation applies one year after its implementing regulation takes effect for companies with a turnover above 8 million euros, and two years after for everyone else. Check the current status with your adviser or the AEAT; the direction, however, is settled. Within a few years most invoices you receive from other businesses will arrive as data.

## Step 1: Check the software you issue invoices with

Start on the issuing side, because that is where the legal obligation sits. List every way your business issues invoices: the accounting package, the till system (TPV) in a shop or restaurant, a spreadsheet for occasional invoices, a template in a word processor. For each one, ask the vendor for its VeriFactu compliance statement (*declaración responsable*). Anything that cannot provide one needs to be replaced before your deadline.

If you are an accountant, do this for each client. The smallest clients are the most likely to issue invoices from a spreadsheet.

## Step 2: Make sure every invoice carries the required content

Automation on the receiving side works best when invoices are complete, and Spanish rules (Real Decreto 1619/2012) are specific about what a full invoice contains:

- a number, within a series if you use several, and the date of issue;
- the full name or company name, NIF and address of both the issuer and the recipient;
- a description of the goods or services, the taxable base, the VAT rate and the VAT amount, shown separately for each rate;
- the date of the operation, if it differs from the issue date;
- where relevant, the reason for an exemption or a note such as *inversión del sujeto pasivo* for reverse-charge operations.

Simplified invoices (the tickets of retail and hospitality) are allowed up to 400 euros including VAT, or up to 3,000 euros in certain sectors such as retail and restaurants. A customer can deduct the VAT only if the simplified invoice also shows their NIF and address and states the VAT amount separately. Make sure your till can produce that version when a business customer asks for it.

## Step 3: Use structured formats wherever you can

You do not need to wait for the obligation. Many invoicing programs can already produce Facturae or UBL files, and public administrations have required Facturae through the FACe portal for years. Where a customer can receive structured invoices, send them; where a supplier can send them, ask. Structured data is exact: there is no reading error because nothing is read from an image.

When only PDF is possible, prefer PDFs generated by software over scans. A generated PDF contains a text layer that can be extracted exactly; a scan has to go through OCR.

## Step 4: Read the VeriFactu QR code on invoices you receive

As VeriFactu spreads, more of the invoices you receive will carry its QR code. That code contains the issuer's NIF, the invoice number and series, the date and the total amount. An invoice-capture tool that reads it gets those four fields with certainty, and can compare them with the figures printed on the page. A mismatch between the QR code and the printed total is exactly the kind of thing you want flagged before the invoice reaches your VAT return.

## Step 5: Automate the capture of everything else

For the rest (PDFs without structured data, photos, paper) use a capture tool that extracts the fields, checks them and shows you what needs review. The checks matter more than the reading: tax ID control characters, base × rate = VAT, bases plus VAT minus withholding = total, sensible dates, and duplicates. Our guide on [automating invoice processing](/blog/how-to-automate-invoice-processing) covers those in detail.

## Step 6: Keep issued and received invoices apart, and reconcile

Your issued invoices come from your own VeriFactu-compliant software, so their data is already clean. Your received invoices come from everyone else. Keep the two flows separate in your process and bring them together only in the quarterly figures. Every quarter, reconcile: the total of issued invoices in your books should match the records of your invoicing software, and the received invoices should match your bank payments to suppliers. Differences are usually missing invoices, duplicates or credit notes that were not recorded.

## Step 7: Keep records the way an inspector will ask for them

Keep invoices for at least the four years the Tax Agency can review, and accounting records and supporting documents for the six years the Commercial Code requires. Store them so that an invoice can be found by supplier, date and number, with the original file next to the extracted data. If you plan to destroy paper originals, remember that only digitisation with software certified by the AEAT allows it.

## What this means for a small business in practice

For a freelancer or a small company, the practical checklist is short:

- Issue invoices only from software that states VeriFactu compliance, well before your deadline.
- Ask your main suppliers whether they can send structured e-invoices, and accept them when they can.
- Capture every received invoice as it arrives, with a tool that reads QR codes and structured data first and checks everything it reads.
- Keep your adviser in the loop: the change of software is also a good moment to agree how documents will reach them.

## What it means for an accounting firm

For a gestoría the change is bigger, because it multiplies across clients. Clients who still issue invoices from spreadsheets need to move; the firm can recommend one or two compliant programs and help with the switch. On the receiving side, the volume of structured data will grow gradually, so for several years firms will handle a mix of e-invoices, PDFs and paper. The firms that cope best are those that already have a single capture process for all three, instead of one workflow per format.

## Common questions

**Does VeriFactu apply if I only issue a few invoices a year?** Yes. It applies to the software used to issue invoices, whatever the volume, unless you are covered by the SII or by a regional system.

**Can I keep issuing PDF invoices?** Until the B2B e-invoicing obligation applies to you, a PDF generated by compliant software is still an invoice. After that date, invoices to other businesses must be structured e-invoices.

**Do I need to do anything with the QR codes on invoices I receive?** You are not obliged to, but reading them is the cheapest way to verify the main figures of an invoice automatically.

Cuadra reads VeriFactu and TicketBAI QR codes and structured e-invoices (Facturae, UBL and CII) first, then PDFs and photos, and checks every figure it extracts. It does not issue invoices, so it sits alongside your compliant invoicing software, on the receiving and reporting side.
`,
  es: `
Dos normas españolas están cambiando la forma de hacer e intercambiar facturas: **VeriFactu**, que fija requisitos para el software con el que se emiten, y la **obligación de factura electrónica entre empresas** de la Ley Crea y Crece, que exigirá que las empresas se envíen facturas electrónicas estructuradas. Las dos empujan en la misma dirección que la automatización: menos facturas hechas a mano y más datos que una máquina puede leer y comprobar. Esta guía explica qué te pide cada una y propone un método paso a paso para automatizar tanto las facturas que emites como las que recibes.

Las fechas en este terreno se han movido más de una vez, así que toma las que siguen como una foto del momento y compruébalas en la web de la Agencia Tributaria (AEAT) antes de planificar en torno a ellas.

## Qué es VeriFactu, en pocas palabras

VeriFactu nace de la ley antifraude de 2021 (Ley 11/2021) y de su reglamento, el Real Decreto 1007/2023, que fija los requisitos de los *sistemas informáticos de facturación*: cualquier programa con el que se emitan facturas. El objetivo es sencillo: una factura, una vez emitida, no se puede alterar ni borrar sin que se note. Para conseguirlo, el software debe:

- guardar un registro de cada factura que emite, encadenado al anterior mediante una huella (hash), de modo que cualquier cambio posterior sea detectable;
- registrar las anulaciones y rectificaciones como entradas nuevas, nunca editando las antiguas;
- imprimir en cada factura un código QR con el que el cliente puede cotejarla con la Agencia Tributaria;
- o bien enviar cada registro a la Agencia Tributaria en el momento en que se crea (la modalidad «VERI*FACTU»), o bien conservarlos en local con garantías reforzadas y entregarlos cuando se pidan.

Las empresas que ya informan a través del SII (el Suministro Inmediato de Información del IVA que usan las grandes empresas) quedan fuera de VeriFactu, y el País Vasco y Navarra tienen sus propios sistemas (TicketBAI y sus equivalentes).

Tras el último aplazamiento, la obligación empieza el 1 de enero de 2027 para los contribuyentes del Impuesto sobre Sociedades y el 1 de julio de 2027 para el resto, autónomos incluidos. Los fabricantes de software tenían que adaptar sus productos antes. En la práctica, si emites facturas con un programa, asegúrate de que el fabricante declara por escrito que cumple; si las emites con un procesador de textos o una hoja de cálculo, este es el momento de dejar de hacerlo.

## Qué añade la obligación de factura electrónica entre empresas

La Ley 18/2022, conocida como Crea y Crece, va más allá: empresas y profesionales tendrán que emitir y recibir facturas electrónicas en sus relaciones entre sí, e informar de si se han pagado, para combatir la morosidad. «Electrónica» significa aquí datos estructurados (formatos como Facturae, UBL o CII conforme a la norma europea EN 16931), no un PDF adjunto a un correo.

La obligación se aplica un año después de que entre en vigor su reglamento de desarrollo para las empresas que facturan más de 8 millones de euros, y dos años después para el resto. Consulta el estado actual con tu asesor o en la AEAT; la dirección, en todo caso, está decidida. En pocos años, la mayoría de las facturas que recibas de otras empresas llegarán como datos.

## Paso 1: Revisa el software con el que emites facturas

Empieza por el lado de la emisión, porque ahí está la obligación legal. Haz una lista de todas las formas en que tu negocio emite facturas: el programa de contabilidad, el TPV de la tienda o el restaurante, una hoja de cálculo para facturas sueltas, una plantilla en un procesador de textos. Para cada una, pide al fabricante su declaración responsable de cumplimiento de VeriFactu. Lo que no pueda aportarla tendrá que sustituirse antes de tu fecha.

Si eres asesor, hazlo con cada cliente. Los clientes más pequeños son los que más probablemente facturan desde una hoja de cálculo.

## Paso 2: Asegúrate de que cada factura tiene el contenido obligatorio

La automatización del lado de la recepción funciona mejor cuando las facturas están completas, y las normas españolas (Real Decreto 1619/2012) son concretas sobre lo que debe llevar una factura completa:

- un número, dentro de una serie si usas varias, y la fecha de expedición;
- el nombre o razón social, el NIF y el domicilio del emisor y del destinatario;
- la descripción de los bienes o servicios, la base imponible, el tipo de IVA y la cuota, por separado para cada tipo;
- la fecha de la operación, si es distinta de la de expedición;
- cuando proceda, el motivo de una exención o una mención como «inversión del sujeto pasivo».

Las facturas simplificadas (los tickets del comercio y la hostelería) se admiten hasta 400 euros con IVA incluido, o hasta 3.000 euros en determinados sectores como el comercio minorista y la restauración. Un cliente solo puede deducirse el IVA si la factura simplificada incluye además su NIF y su domicilio y la cuota de IVA por separado. Asegúrate de que tu TPV puede emitir esa versión cuando un cliente empresa la pida.

## Paso 3: Usa formatos estructurados siempre que puedas

No hace falta esperar a la obligación. Muchos programas de facturación ya generan archivos Facturae o UBL, y las administraciones públicas exigen Facturae a través de FACe desde hace años. Cuando un cliente pueda recibir facturas estructuradas, envíaselas; cuando un proveedor pueda enviarlas, pídeselas. Los datos estructurados son exactos: no hay errores de lectura porque no se lee nada de una imagen.

Cuando solo sea posible un PDF, mejor un PDF generado por un programa que un escaneo. Un PDF generado contiene una capa de texto que se extrae con exactitud; un escaneo tiene que pasar por OCR.

## Paso 4: Lee el QR de VeriFactu de las facturas que recibes

A medida que VeriFactu se extienda, más facturas recibidas llevarán su código QR. Ese código contiene el NIF del emisor, el número y la serie de la factura, la fecha y el importe total. Una herramienta de captura que lo lea obtiene esos cuatro campos con certeza y puede compararlos con las cifras impresas en la página. Una diferencia entre el QR y el total impreso es exactamente el tipo de cosa que quieres ver marcada antes de que la factura llegue a tu declaración de IVA.

## Paso 5: Automatiza la captura de todo lo demás

Para el resto (PDF sin datos estructurados, fotos, papel) usa una herramienta de captura que extraiga los campos, los compruebe y te muestre lo que hay que revisar. Las comprobaciones importan más que la lectura: dígitos de control del NIF, base × tipo = cuota, bases más IVA menos retención = total, fechas razonables y duplicados. Nuestra guía sobre [cómo automatizar el proceso de facturas](/blog/how-to-automate-invoice-processing) las explica en detalle.

## Paso 6: Separa emitidas y recibidas, y concilia

Tus facturas emitidas salen de tu propio software adaptado a VeriFactu, así que sus datos ya están limpios. Las recibidas vienen de todos los demás. Mantén los dos flujos separados en tu proceso y júntalos solo en las cifras trimestrales. Cada trimestre, concilia: el total de facturas emitidas en tu contabilidad debe coincidir con los registros del programa de facturación, y las recibidas deben cuadrar con los pagos a proveedores en el banco. Las diferencias suelen ser facturas que faltan, duplicadas o rectificativas que no se registraron.

## Paso 7: Conserva los registros como te los pediría un inspector

Conserva las facturas al menos los cuatro años que Hacienda puede revisar, y los libros y justificantes los seis años que exige el Código de Comercio. Guárdalos de modo que una factura se pueda encontrar por proveedor, fecha y número, con el archivo original junto a los datos extraídos. Si piensas destruir los originales en papel, recuerda que solo lo permite la digitalización con un software homologado por la AEAT.

## Qué significa para una pequeña empresa en la práctica

Para un autónomo o una pequeña empresa, la lista práctica es corta:

- Emite facturas solo con un programa que declare cumplir VeriFactu, con margen antes de tu fecha.
- Pregunta a tus principales proveedores si pueden enviarte facturas electrónicas estructuradas y acéptalas cuando puedan.
- Captura cada factura recibida según llega, con una herramienta que lea primero los QR y los datos estructurados y compruebe todo lo que lee.
- Cuenta con tu asesor: el cambio de programa es también un buen momento para acordar cómo le llegarán los documentos.

## Qué significa para una asesoría

Para una gestoría el cambio es mayor, porque se multiplica por el número de clientes. Los clientes que aún facturan con hojas de cálculo tienen que cambiar; el despacho puede recomendar uno o dos programas adaptados y ayudar con la transición. En la recepción, el volumen de datos estructurados crecerá poco a poco, así que durante varios años los despachos manejarán una mezcla de facturas electrónicas, PDF y papel. Los que mejor lo llevan son los que ya tienen un único proceso de captura para los tres, en lugar de un circuito por formato.

## Preguntas frecuentes

**¿Me afecta VeriFactu si solo emito unas pocas facturas al año?** Sí. Se aplica al software con el que se emiten facturas, sea cual sea el volumen, salvo que estés en el SII o en un sistema foral.

**¿Puedo seguir emitiendo facturas en PDF?** Hasta que te alcance la obligación de factura electrónica entre empresas, un PDF generado por un programa adaptado sigue siendo una factura. Después, las facturas a otras empresas tendrán que ser electrónicas estructuradas.

**¿Tengo que hacer algo con los QR de las facturas que recibo?** No estás obligado, pero leerlos es la forma más barata de verificar automáticamente las cifras principales de una factura.

Cuadra lee primero los códigos QR de VeriFactu y TicketBAI y las facturas electrónicas estructuradas (Facturae, UBL y CII), después los PDF y las fotos, y comprueba cada cifra que extrae. No emite facturas, así que convive con tu programa de facturación adaptado, del lado de la recepción y los informes.
`,
};
