import type { ArticleContent } from '../article-types';

export const content: ArticleContent = {
  en: `
Ask a restaurant owner what they like least about running the business and paperwork will be near the top of the list. Not because any single invoice is hard, but because there are so many of them, arriving in so many ways, at moments when everyone is busy with service. The answer is not a heroic effort at quarter end. It is a routine small enough to survive a busy week.

This article proposes such a routine, organised by frequency: what to do every day, every week, every month, every quarter and once a year. It assumes a restaurant that works with a gestoría, but it works just as well if you do your own books.

## Every day: five minutes at the back door

Most problems start at delivery. The daily habit is short:

- **Check the delivery note (albarán) against what arrived.** Weigh or count where it matters. Write any shortage, damage or substitution on the note itself and ask the driver to sign it.
- **Photograph the note** before it disappears under a crate. A phone photo taken flat, in good light, is enough.
- **Photograph any till receipt** from the market, the cash-and-carry or a last-minute purchase. Thermal paper fades; a photo does not.
- **Put paper in one tray.** One physical place, always the same, for every document that arrives.

Five minutes, done by whoever receives the goods. The point is that nothing is lost before anyone tries to process it.

## Every week: twenty minutes at a desk

Once a week, on a quiet morning, someone uploads and reviews:

1. **Upload everything from the week**: photos from the phone, PDFs from the invoices mailbox, the paper in the tray.
2. **Let the capture tool read it.** It should extract supplier, NIF, date, number, the bases and VAT for each rate, and totals.
3. **Review what was flagged.** Typical flags are an unreadable photo, a total that does not equal the sum of bases and VAT, a supplier NIF that fails its check, or a possible duplicate.
4. **Answer the open questions.** If a photo was unreadable, take it again. If a total does not add up, check the paper. If an invoice appears twice, delete one.
5. **File the paper** in a folder by month.

This is where automation earns its keep: without it, the weekly session means typing every invoice; with it, the session is mostly looking at the few that deserve attention.

## Every month: one hour of matching

Many food suppliers deliver daily and invoice monthly, with one summary invoice (factura recapitulativa) covering all the month's deliveries. Once a month, match them:

- **Every delivery note should be on an invoice.** A note without an invoice means the supplier has not billed it yet, or has billed it to someone else.
- **Every invoice line should have a delivery note.** A line without a note may be something that never arrived.
- **Check prices on the invoice against agreed prices.** A small increase on a product you buy every day adds up quickly.
- **Record credit notes.** Returned or rejected goods should come back as a corrective invoice (factura rectificativa) or a credit line. Without it, you are paying for goods you sent back.

Also once a month, reconcile supplier payments in the bank against invoices. Direct debits for energy, telephone and rent often arrive before anyone has looked at the invoice.

## Every quarter: the handover to the gestoría

At the end of each quarter, the gestoría prepares the returns. In a restaurant that usually means:

- **Modelo 303**, the VAT return: output VAT from sales (mostly at 10%) minus deductible input VAT from purchases (at 4%, 10% and 21%).
- **Modelo 111**, withholdings on wages and on professionals' invoices.
- **Modelo 115**, the 19% withholding on the rent of the premises, when it applies.
- **Modelo 130**, the IRPF instalment, if the business is run by a self-employed person in direct estimation; companies pay corporate tax instalments instead (Modelo 202) in April, October and December.

The deadlines are the first twenty days of April, July and October, and 30 January for the fourth quarter. If the weekly and monthly routines have been followed, the handover is simple: the gestoría gets a complete, checked set of invoices a few days after the quarter ends and uses its time to review rather than to chase.

A good practice is a short quarterly call. The gestoría mentions anything unusual (a supplier charging the wrong VAT rate, a missing rent invoice, a large purchase that may be an asset rather than an expense) and the restaurant fixes it at the source.

## Once a year: the summaries

Several annual returns depend on the same data: the VAT summary (Modelo 390), the summary of rent withholdings (Modelo 180) and of other withholdings (Modelo 190), and the declaration of operations with third parties above 3,005.06 euros in the year (Modelo 347). The 347 is a good check in itself: your suppliers declare what they invoiced you, and differences can lead to questions from the Tax Agency. If your records are complete, your figures will match theirs.

## A sample week

To make this concrete, here is what a week looks like in a restaurant with around 40 purchase documents a week:

- Monday to Saturday, at each delivery: check and photograph the delivery note (two to three minutes each day in total).
- Tuesday morning: weekly upload and review, around twenty minutes. Of 40 documents, perhaps three or four are flagged: a blurred photo, a supplier's invoice with an unusual layout, a duplicate.
- Last Tuesday of the month: an extra hour for matching delivery notes and summary invoices and checking the bank.

That is about forty-five minutes a week, plus an hour a month, instead of two or three long evenings at the end of every quarter.

## Who should do it

The routine works best when it has an owner. In many restaurants it is the manager; in others, a trusted member of the kitchen team handles deliveries and the owner does the weekly review. What matters is that the tasks are written down, so the routine survives holidays and staff changes. A one-page checklist pinned near the back door does more than any software.

## What to tell your suppliers

Half of the routine depends on what suppliers send. A short message to each of them, once, saves hours later:

- **Send invoices to one address**, the invoices mailbox, not to the chef's phone or the owner's personal email.
- **Put our full details on every invoice**: company name, NIF and address exactly as registered. An invoice made out to "Restaurante Luna" without a NIF is not a valid invoice for deducting VAT.
- **One summary invoice per month**, listing the delivery note numbers it covers. It makes the monthly matching a matter of ticking boxes.
- **Credit notes for every return**, referring to the original invoice.
- **Structured e-invoices or PDFs generated by software** whenever possible, rather than scanned paper.

Most suppliers are happy to comply; they have the same problem with their own customers.

## Signs that the routine is working

After a quarter or two, you should notice:

- the weekly review rarely takes more than twenty minutes;
- the gestoría's questions at quarter end fit in one short call;
- no invoice from the previous quarter turns up after the return was filed;
- the input VAT in your returns moves in step with your purchases, without surprises.

If instead the tray overflows, or invoices keep appearing late, look at the daily habit first: it is almost always where the chain breaks.

## Handling the awkward cases

Some documents cause trouble every time. Decide in advance what to do with them:

- **Market purchases paid in cash.** Ask for an invoice with your NIF whenever you can; a ticket without it does not allow the VAT to be deducted.
- **Online purchases.** Download the invoice from the supplier's account the day you buy; it is harder to find later.
- **Invoices in another currency or from another EU country.** Flag them for the gestoría: they may involve intra-community or reverse-charge rules.
- **Personal purchases on the business card.** Keep them out of the business records from the start.

## What makes the routine stick

Routines fail when they are too long or depend on one person's memory. Three things help:

- **A single place for documents**, physical and digital.
- **A capture tool that checks**, so the weekly review is about exceptions, not typing.
- **A fixed slot in the week**, the same day and time, like a delivery.

Cuadra was built for exactly this routine: photos and PDFs go in as they arrive, each invoice is read and checked in seconds, the weekly review shows only what was flagged, and the quarterly report gives your gestoría the VAT per rate and the withholdings. But the habit matters more than the tool: five minutes a day at the back door prevents most of the quarter-end problems.
`,
  es: `
Pregunta a un dueño de restaurante qué es lo que menos le gusta del negocio y el papeleo saldrá entre lo primero. No porque una factura sea difícil, sino porque hay muchísimas, llegan por muchas vías y en momentos en que todo el mundo está con el servicio. La solución no es un esfuerzo heroico a fin de trimestre. Es una rutina lo bastante pequeña como para sobrevivir a una semana complicada.

Este artículo propone esa rutina, organizada por frecuencia: qué hacer cada día, cada semana, cada mes, cada trimestre y una vez al año. Parte de un restaurante que trabaja con una gestoría, pero sirve igual si llevas tú la contabilidad.

## Cada día: cinco minutos en la puerta de atrás

La mayoría de los problemas empiezan en la entrega. El hábito diario es corto:

- **Comprueba el albarán contra lo que ha llegado.** Pesa o cuenta cuando importe. Anota en el propio albarán cualquier falta, daño o sustitución y pide al repartidor que lo firme.
- **Fotografía el albarán** antes de que desaparezca debajo de una caja. Basta una foto con el móvil, plana y con buena luz.
- **Fotografía cualquier ticket** del mercado, del cash and carry o de una compra de última hora. El papel térmico se borra; una foto, no.
- **Deja el papel en una bandeja.** Un único sitio físico, siempre el mismo, para cada documento que llega.

Cinco minutos, a cargo de quien recibe la mercancía. Lo importante es que no se pierda nada antes de que alguien intente procesarlo.

## Cada semana: veinte minutos en una mesa

Una vez por semana, en una mañana tranquila, alguien sube y revisa:

1. **Sube todo lo de la semana**: fotos del móvil, PDF del buzón de facturas, el papel de la bandeja.
2. **Deja que la herramienta de captura lo lea.** Debe extraer proveedor, NIF, fecha, número, las bases y el IVA de cada tipo y los totales.
3. **Revisa lo que ha quedado marcado.** Lo típico es una foto ilegible, un total que no es la suma de bases e IVA, un NIF de proveedor que no supera la comprobación o un posible duplicado.
4. **Resuelve las dudas.** Si una foto era ilegible, repítela. Si un total no cuadra, mira el papel. Si una factura aparece dos veces, borra una.
5. **Archiva el papel** en una carpeta por meses.

Aquí es donde la automatización se gana el sueldo: sin ella, la sesión semanal consiste en teclear todas las facturas; con ella, consiste sobre todo en mirar las pocas que lo merecen.

## Cada mes: una hora de cruce

Muchos proveedores de alimentación entregan a diario y facturan al mes, con una factura recapitulativa que agrupa todas las entregas del mes. Una vez al mes, crúzalas:

- **Cada albarán debe estar en una factura.** Un albarán sin factura significa que el proveedor aún no lo ha facturado, o que lo ha facturado a otro.
- **Cada línea de factura debe tener su albarán.** Una línea sin albarán puede ser algo que nunca llegó.
- **Compara los precios de la factura con los pactados.** Una pequeña subida en un producto que compras cada día se acumula deprisa.
- **Registra los abonos.** La mercancía devuelta o rechazada debe volver como factura rectificativa o como línea de abono. Sin ella, estás pagando algo que devolviste.

También una vez al mes, concilia los pagos a proveedores del banco con las facturas. Las domiciliaciones de luz, teléfono y alquiler suelen llegar antes de que nadie haya mirado la factura.

## Cada trimestre: el traspaso a la gestoría

Al final de cada trimestre, la gestoría prepara las declaraciones. En un restaurante suelen ser:

- **Modelo 303**, la declaración de IVA: el IVA repercutido de las ventas (casi todo al 10%) menos el IVA soportado deducible de las compras (al 4%, al 10% y al 21%).
- **Modelo 111**, las retenciones de las nóminas y de las facturas de profesionales.
- **Modelo 115**, la retención del 19% sobre el alquiler del local, cuando se aplica.
- **Modelo 130**, el pago fraccionado del IRPF, si el negocio lo lleva un autónomo en estimación directa; las sociedades hacen en su lugar los pagos fraccionados del Impuesto sobre Sociedades (Modelo 202) en abril, octubre y diciembre.

Los plazos son los veinte primeros días de abril, julio y octubre, y el 30 de enero para el cuarto trimestre. Si se han seguido las rutinas semanal y mensual, el traspaso es sencillo: la gestoría recibe unos días después del cierre un conjunto completo y comprobado de facturas y dedica su tiempo a revisar en lugar de a perseguir.

Una buena práctica es una llamada corta cada trimestre. La gestoría comenta lo que le haya llamado la atención (un proveedor que aplica mal el tipo de IVA, una factura del alquiler que falta, una compra grande que quizá sea un inmovilizado y no un gasto) y el restaurante lo corrige en el origen.

## Una vez al año: los resúmenes

Varias declaraciones anuales dependen de los mismos datos: el resumen anual del IVA (Modelo 390), el de retenciones del alquiler (Modelo 180) y el de otras retenciones (Modelo 190), y la declaración de operaciones con terceros de más de 3.005,06 euros en el año (Modelo 347). El 347 es en sí mismo una buena comprobación: tus proveedores declaran lo que te han facturado y las diferencias pueden acabar en preguntas de Hacienda. Si tus registros están completos, tus cifras coincidirán con las suyas.

## Una semana de ejemplo

Para concretar, así es una semana en un restaurante con unos 40 documentos de compra semanales:

- De lunes a sábado, en cada entrega: comprobar y fotografiar el albarán (dos o tres minutos al día en total).
- Martes por la mañana: subida y revisión semanal, unos veinte minutos. De 40 documentos, quizá tres o cuatro quedan marcados: una foto movida, una factura de un proveedor con un formato raro, un duplicado.
- Último martes del mes: una hora más para cruzar albaranes con facturas recapitulativas y revisar el banco.

Son unos cuarenta y cinco minutos a la semana, más una hora al mes, en lugar de dos o tres tardes largas al final de cada trimestre.

## Quién debería hacerlo

La rutina funciona mejor cuando tiene un responsable. En muchos restaurantes es el encargado; en otros, alguien de confianza de la cocina se ocupa de las entregas y el dueño hace la revisión semanal. Lo importante es que las tareas estén por escrito, para que la rutina sobreviva a las vacaciones y a los cambios de personal. Una lista de una página junto a la puerta de atrás hace más que cualquier programa.

## Qué decir a tus proveedores

La mitad de la rutina depende de lo que envían los proveedores. Un mensaje corto a cada uno, una sola vez, ahorra horas después:

- **Enviad las facturas a una sola dirección**, el buzón de facturas, no al móvil del cocinero ni al correo personal del dueño.
- **Poned nuestros datos completos en cada factura**: razón social, NIF y domicilio tal como están registrados. Una factura a nombre de «Restaurante Luna» sin NIF no es válida para deducir el IVA.
- **Una factura recapitulativa al mes**, con los números de albarán que incluye. Así el cruce mensual se reduce a marcar casillas.
- **Un abono por cada devolución**, que haga referencia a la factura original.
- **Facturas electrónicas estructuradas o PDF generados por un programa** siempre que sea posible, en lugar de papel escaneado.

La mayoría de los proveedores lo aceptan encantados; tienen el mismo problema con sus propios clientes.

## Señales de que la rutina funciona

Al cabo de uno o dos trimestres deberías notar que:

- la revisión semanal rara vez pasa de veinte minutos;
- las preguntas de la gestoría al cierre caben en una llamada corta;
- no aparece ninguna factura del trimestre anterior después de presentada la declaración;
- el IVA soportado de tus declaraciones se mueve al ritmo de tus compras, sin sorpresas.

Si, al contrario, la bandeja rebosa o las facturas siguen apareciendo tarde, mira primero el hábito diario: casi siempre es ahí donde se rompe la cadena.

## Cómo tratar los casos incómodos

Algunos documentos dan guerra siempre. Decide de antemano qué hacer con ellos:

- **Compras en el mercado pagadas en efectivo.** Pide factura con tu NIF siempre que puedas; un ticket sin él no permite deducir el IVA.
- **Compras por internet.** Descarga la factura de la cuenta del proveedor el mismo día de la compra; después cuesta más encontrarla.
- **Facturas en otra moneda o de otro país de la UE.** Márcalas para la gestoría: pueden implicar reglas intracomunitarias o de inversión del sujeto pasivo.
- **Compras personales con la tarjeta del negocio.** Déjalas fuera de la contabilidad del negocio desde el principio.

## Qué hace que la rutina se mantenga

Las rutinas fallan cuando son demasiado largas o dependen de la memoria de una persona. Ayudan tres cosas:

- **Un único sitio para los documentos**, físico y digital.
- **Una herramienta de captura que compruebe**, para que la revisión semanal sea de excepciones y no de tecleo.
- **Un hueco fijo en la semana**, el mismo día y a la misma hora, como una entrega más.

Cuadra se creó justo para esta rutina: las fotos y los PDF entran según llegan, cada factura se lee y se comprueba en segundos, la revisión semanal muestra solo lo marcado y el informe trimestral da a tu gestoría el IVA por tipo y las retenciones. Pero el hábito importa más que la herramienta: cinco minutos al día en la puerta de atrás evitan la mayoría de los problemas de fin de trimestre.
`,
};
