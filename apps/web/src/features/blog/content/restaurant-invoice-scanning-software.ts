import type { ArticleContent } from '../article-types';

export const content: ArticleContent = {
  en: `
Every restaurant ends up with a drawer of paper: delivery notes with grease stains, supplier invoices folded into quarters, till receipts from the cash-and-carry that are already turning grey. Scanning software promises to turn that drawer into data. It can, but only if the images are good enough to read and you keep the right things for the right length of time. This article covers both: how to capture paper well, and what Spanish rules say about what you can do with the originals afterwards.

## Why scanning quality matters more than the software

Modern invoice-reading software is good at clean documents. The differences between tools show up on bad images: a photo taken at an angle in a dark storeroom, a receipt with a crease across the total, a page cut off at the bottom. The simplest way to get better results from any tool is to give it better pictures. Most of the advice below costs nothing.

## How to photograph an invoice so it reads well

- **Lay it flat.** Put the document on a table, not in your hand. Unfold it and press the creases down.
- **Use even light.** Daylight or a bright ceiling light works best. Avoid the flash: it creates a white patch that often lands on the figures you need.
- **Shoot from directly above**, with the phone parallel to the paper. An angle makes the lines of a table converge and confuses column reading.
- **Include all four edges.** A total cut off at the bottom cannot be read, and the software cannot check what it cannot see.
- **One document per photo.** Two invoices side by side become one confusing image.
- **Several pages, one file.** If an invoice has two pages, capture both and upload them together, ideally as a single PDF from a scanning app.
- **Do not send photos through messaging apps** to get them to the office. Most of them compress images heavily, and small print becomes unreadable. Upload directly, or send the original file by email.

A phone scanning app that detects the edges, straightens the page and saves a PDF gives results close to a desktop scanner, and is usually enough.

## Long receipts and faded paper

Cash-and-carry receipts can be longer than a phone screen can capture legibly in one shot. Fold them into sections and photograph each, or use a scanning app that stitches pages. What matters is that the header (the seller's name and NIF), the VAT breakdown and the total are legible.

Thermal paper is the real problem. Till receipts are printed on heat-sensitive paper that fades with light, heat and time, sometimes within months. A receipt kept in a hot kitchen office may be blank by the time the gestoría asks for it. The rule is simple: **photograph thermal receipts the day you get them.** If the receipt supports a deductible expense, also ask whether the seller can issue a proper invoice with your NIF, which is often available by email.

## Phone or desktop scanner?

For most restaurants, a phone is enough and has one big advantage: it is at the back door when the delivery arrives. A desktop document scanner with an automatic feeder makes sense when paper piles up in one place and someone processes it in batches, for example in a gestoría that receives boxes of documents from clients, or in a group of restaurants with a central office.

If you do buy a scanner, a few settings make a difference:

- **300 dpi** is the usual sweet spot: enough detail for small print, without huge files.
- **Colour or greyscale, not pure black and white.** Black-and-white mode can erase faint thermal print and stamps entirely.
- **Double-sided scanning** for invoices printed on both sides, with blank pages removed automatically.
- **PDF output, one file per document**, named or at least dated consistently.

Whichever you choose, test it with your worst documents, not your best. A scanner that handles clean A4 pages perfectly may still jam on a crumpled delivery note.

## What scanning software should do with the image

Once the image is uploaded, good software should:

1. **Read structured data first.** If the document has a VeriFactu or TicketBAI QR code, reading it gives the issuer's NIF, invoice number, date and total exactly, even if the paper is damaged elsewhere.
2. **Read the text** with OCR, recognising Spanish and English labels and number formats (1.234,56 as well as 1,234.56).
3. **Extract the fields** you need: supplier and NIF, number, date, bases and VAT per rate, withholdings, total, and line items if you want them.
4. **Check them**: tax ID control characters, arithmetic per VAT rate, totals, dates, duplicates.
5. **Tell you what it is unsure of**, field by field, instead of presenting a guess as a fact.

The last point is the one to test. Ask the vendor to process a deliberately bad photo. A good tool will read what it can, flag what it cannot, and ask you to check. A poor one will return a confident total that is wrong.

## Can you throw the paper away?

This is the question every owner asks, and the answer in Spain is: **only if you digitise with certified software.**

The Tax Agency allows paper invoices to be replaced by digital copies, and the originals destroyed, when the digitisation is done with software that the AEAT has homologated for the purpose (*digitalización certificada*, regulated by Orden EHA/962/2007). That software must guarantee that the digital copy is faithful and unaltered, typically by signing it electronically at the moment of scanning.

An ordinary photo or scan, however good, does not meet that standard. It is perfectly useful for bookkeeping, for checking and for sending to your gestoría, but the paper original must still be kept for the required period. Ask any vendor directly whether their product is homologated for certified digitisation; most invoice-reading tools, including ours, are not, and should say so.

## How long to keep what

- **Invoices and receipts that support your tax returns:** at least four years, the period during which the Tax Agency can review them. Because that period runs from the end of the filing deadline, in practice keep them a little longer.
- **Accounting books and supporting documents:** six years, under the Commercial Code.
- **Invoices received electronically** (a PDF by email, an e-invoice): the electronic file is the original. Keep the file; printing it does not replace it.

A sensible habit is to archive paper by quarter in labelled boxes and to note on the box the date after which it may be destroyed.

## Organising the digital copies

Digital copies are only useful if you can find them. Whatever tool you use, make sure each document can be found by supplier, date, number and amount, and that the extracted data stays linked to the original image. When the gestoría or an inspector asks about an entry in the books, you want to open the invoice behind it in seconds, not search a phone's photo gallery.

## A capture routine for the kitchen

The best scanning software is useless if nobody uses it at the right moment. In a restaurant, that moment is the delivery:

- the person who receives the goods checks the delivery note and photographs it;
- invoices arriving on paper are photographed the same day and placed in the quarter's box;
- receipts from purchases outside the usual suppliers are photographed before leaving the shop;
- once a week, someone reviews what the software flagged.

## Mistakes that cost money

- **Photographing only the first page** of a two-page invoice, where the VAT summary is on page two.
- **Keeping the photo but losing the paper** when the scan was not certified, then being unable to show the original.
- **Uploading the same invoice twice**, once from email and once from paper, and deducting the VAT twice.
- **Letting thermal receipts fade** before anyone captures them.

## When to call your adviser

Some documents raise questions a scanner cannot answer: invoices from other EU countries without Spanish VAT, invoices addressed to a previous company name, receipts for expenses that may be partly personal. Capture them like everything else, and flag them for your gestoría with a short note. The software's job is to get the data in; judgement on the tax treatment stays with people.

Cuadra reads photos and scans of invoices and receipts (JPG, PNG and PDF), reads VeriFactu and TicketBAI QR codes when present, checks every figure, and marks what it is unsure of for review. It is not certified digitisation software, so keep your paper originals for the legal period.
`,
  es: `
Todo restaurante acaba con un cajón lleno de papel: albaranes con manchas de grasa, facturas de proveedores dobladas en cuatro, tickets del cash and carry que ya se están poniendo grises. El software de escaneo promete convertir ese cajón en datos. Puede hacerlo, pero solo si las imágenes se pueden leer bien y guardas lo que debes durante el tiempo que toca. Este artículo trata las dos cosas: cómo capturar bien el papel y qué dicen las normas españolas sobre lo que puedes hacer después con los originales.

## Por qué la calidad del escaneo importa más que el programa

Los programas actuales de lectura de facturas se manejan bien con documentos limpios. Las diferencias entre herramientas aparecen con las malas imágenes: una foto hecha en diagonal en un almacén oscuro, un ticket con un pliegue justo encima del total, una página cortada por abajo. La forma más sencilla de obtener mejores resultados de cualquier herramienta es darle mejores fotos. Casi todos los consejos que siguen no cuestan nada.

## Cómo fotografiar una factura para que se lea bien

- **Ponla plana.** Deja el documento sobre una mesa, no en la mano. Desdóblalo y aplasta los pliegues.
- **Usa una luz uniforme.** La luz del día o una luz de techo potente funcionan mejor. Evita el flash: crea una mancha blanca que suele caer justo sobre las cifras que necesitas.
- **Dispara desde justo encima**, con el móvil paralelo al papel. El ángulo hace que las líneas de una tabla converjan y confunde la lectura de columnas.
- **Incluye los cuatro bordes.** Un total cortado por abajo no se puede leer, y el programa no puede comprobar lo que no ve.
- **Un documento por foto.** Dos facturas juntas se convierten en una imagen confusa.
- **Varias páginas, un archivo.** Si una factura tiene dos páginas, captura las dos y súbelas juntas, mejor como un único PDF desde una aplicación de escaneo.
- **No envíes las fotos por aplicaciones de mensajería** para hacerlas llegar a la oficina. La mayoría comprime mucho las imágenes y la letra pequeña se vuelve ilegible. Súbelas directamente o envía el archivo original por correo.

Una aplicación de escaneo en el móvil que detecta los bordes, endereza la página y guarda un PDF da resultados cercanos a un escáner de sobremesa, y suele bastar.

## Tickets largos y papel desvaído

Los tickets del cash and carry pueden ser más largos de lo que el móvil capta con legibilidad en una sola foto. Dóblalos por tramos y fotografía cada uno, o usa una aplicación que una páginas. Lo importante es que se lean la cabecera (el nombre y el NIF del vendedor), el desglose del IVA y el total.

El papel térmico es el verdadero problema. Los tickets se imprimen en papel sensible al calor que se borra con la luz, el calor y el tiempo, a veces en pocos meses. Un ticket guardado en la oficina caliente junto a la cocina puede estar en blanco cuando la gestoría lo pida. La regla es sencilla: **fotografía los tickets térmicos el mismo día.** Si el ticket justifica un gasto deducible, pregunta además si el vendedor puede emitir una factura con tu NIF, que a menudo se puede pedir por correo.

## ¿Móvil o escáner de sobremesa?

Para la mayoría de los restaurantes, el móvil basta y tiene una gran ventaja: está en la puerta de atrás cuando llega la entrega. Un escáner de documentos de sobremesa con alimentador automático tiene sentido cuando el papel se acumula en un sitio y alguien lo procesa por lotes, por ejemplo en una gestoría que recibe cajas de documentos de sus clientes o en un grupo de restaurantes con una oficina central.

Si compras un escáner, algunos ajustes marcan la diferencia:

- **300 ppp** suele ser el punto justo: detalle suficiente para la letra pequeña sin archivos enormes.
- **Color o escala de grises, no blanco y negro puro.** El modo blanco y negro puede borrar por completo la impresión térmica tenue y los sellos.
- **Escaneo a doble cara** para las facturas impresas por las dos caras, con eliminación automática de páginas en blanco.
- **Salida en PDF, un archivo por documento**, con un nombre o al menos una fecha coherentes.

Elijas lo que elijas, pruébalo con tus peores documentos, no con los mejores. Un escáner que trata perfectamente las hojas A4 limpias puede atascarse con un albarán arrugado.

## Qué debe hacer el programa con la imagen

Una vez subida la imagen, un buen programa debería:

1. **Leer primero los datos estructurados.** Si el documento lleva un QR de VeriFactu o TicketBAI, leerlo da con exactitud el NIF del emisor, el número de factura, la fecha y el total, aunque el papel esté dañado en otras partes.
2. **Leer el texto** con OCR, reconociendo etiquetas en español e inglés y formatos numéricos (1.234,56 y también 1,234.56).
3. **Extraer los campos** que necesitas: proveedor y NIF, número, fecha, bases e IVA por tipo, retenciones, total y, si las quieres, las líneas.
4. **Comprobarlos**: caracteres de control del NIF, cuentas por tipo de IVA, totales, fechas, duplicados.
5. **Decirte de qué no está seguro**, campo a campo, en lugar de presentar una suposición como un hecho.

Lo último es lo que hay que probar. Pide al proveedor que procese una foto deliberadamente mala. Una buena herramienta leerá lo que pueda, marcará lo que no y te pedirá que lo compruebes. Una mala devolverá con toda seguridad un total equivocado.

## ¿Puedes tirar el papel?

Es la pregunta que hace todo dueño, y la respuesta en España es: **solo si digitalizas con software homologado.**

La Agencia Tributaria permite sustituir las facturas en papel por copias digitales, y destruir los originales, cuando la digitalización se hace con un software homologado por la AEAT para ello (la *digitalización certificada*, regulada por la Orden EHA/962/2007). Ese software debe garantizar que la copia digital es fiel e inalterada, normalmente firmándola electrónicamente en el momento del escaneo.

Una foto o un escaneo normales, por buenos que sean, no cumplen ese requisito. Son perfectamente útiles para la contabilidad, para comprobar y para enviar a tu gestoría, pero el original en papel debe conservarse durante el plazo exigido. Pregunta directamente a cualquier proveedor si su producto está homologado para la digitalización certificada; la mayoría de las herramientas de lectura de facturas, incluida la nuestra, no lo están, y deberían decirlo.

## Cuánto tiempo guardar cada cosa

- **Facturas y tickets que justifican tus declaraciones:** al menos cuatro años, el plazo durante el que Hacienda puede revisarlos. Como ese plazo cuenta desde el final del periodo de presentación, en la práctica guárdalos algo más.
- **Libros de contabilidad y justificantes:** seis años, según el Código de Comercio.
- **Facturas recibidas en formato electrónico** (un PDF por correo, una factura electrónica): el archivo electrónico es el original. Guarda el archivo; imprimirlo no lo sustituye.

Un hábito sensato es archivar el papel por trimestres en cajas etiquetadas y anotar en la caja la fecha a partir de la cual se puede destruir.

## Organizar las copias digitales

Las copias digitales solo sirven si puedes encontrarlas. Uses la herramienta que uses, asegúrate de que cada documento se puede localizar por proveedor, fecha, número e importe, y de que los datos extraídos siguen vinculados a la imagen original. Cuando la gestoría o un inspector pregunten por un apunte, quieres abrir en segundos la factura que lo respalda, no buscar en la galería de fotos de un móvil.

## Una rutina de captura para la cocina

El mejor software de escaneo no sirve de nada si nadie lo usa en el momento adecuado. En un restaurante, ese momento es la entrega:

- quien recibe la mercancía comprueba el albarán y lo fotografía;
- las facturas que llegan en papel se fotografían el mismo día y se guardan en la caja del trimestre;
- los tickets de compras fuera de los proveedores habituales se fotografían antes de salir de la tienda;
- una vez por semana, alguien revisa lo que el programa ha marcado.

## Errores que cuestan dinero

- **Fotografiar solo la primera página** de una factura de dos páginas, cuando el resumen del IVA está en la segunda.
- **Guardar la foto pero perder el papel** cuando el escaneo no era certificado, y no poder enseñar después el original.
- **Subir la misma factura dos veces**, una desde el correo y otra desde el papel, y deducir el IVA dos veces.
- **Dejar que los tickets térmicos se borren** antes de que nadie los capture.

## Cuándo llamar a tu asesor

Algunos documentos plantean dudas que un escáner no puede resolver: facturas de otros países de la UE sin IVA español, facturas a nombre de una razón social antigua, tickets de gastos que quizá sean en parte personales. Captúralos como todo lo demás y márcalos para tu gestoría con una nota breve. El trabajo del programa es meter los datos; el criterio sobre el tratamiento fiscal sigue siendo de las personas.

Cuadra lee fotos y escaneos de facturas y tickets (JPG, PNG y PDF), lee los códigos QR de VeriFactu y TicketBAI cuando los hay, comprueba cada cifra y marca para revisar aquello de lo que no está seguro. No es un software de digitalización certificada, así que conserva tus originales en papel durante el plazo legal.
`,
};
