import type { ArticleContent } from '../article-types';

export const content: ArticleContent = {
  en: `
"Invoice processing automation" is sold with big numbers: processing time cut by most of its length, costs down by more than half. Some of those numbers are true for some businesses and meaningless for others. This article takes a more useful route: how to work out what manual invoice processing actually costs *you*, what automation changes in the Spanish quarterly cycle, and the cases where it is not worth the effort.

## What "processing an invoice" really involves

When people estimate the cost of an invoice, they usually count only the typing. In a Spanish small business or gestoría, one received invoice goes through more steps than that:

1. **Receiving and finding it.** Opening the email, downloading the attachment, or picking the paper out of a folder. For clients of an accounting firm, often chasing it.
2. **Reading and typing.** Supplier, NIF, number, date, bases, VAT per rate, withholding, total.
3. **Checking.** Does the VAT match the base? Is the NIF right? Is it a duplicate?
4. **Classifying.** Issued or received, expense account, deductible or not.
5. **Filing.** Storing the document where it can be found in four or six years.
6. **Fixing mistakes.** The invoice typed with the wrong rate that makes the quarter not add up, found three weeks later.

The last step is the expensive one, and the one that rarely appears in estimates.

## How to calculate your own cost per invoice

You do not need an industry benchmark; you need your own figures. Take a sample week and measure:

- **Minutes per invoice**, from opening the document to having it filed. Time twenty invoices of mixed kinds (clean PDFs, photos, paper tickets) and take the average.
- **Cost per hour of the person doing it**, including social security, not just the gross salary. For an owner doing it personally, use what an hour of their time is worth to the business.
- **Rework**: how many hours per quarter go into finding and fixing errors and missing invoices at closing time.

The arithmetic is simple. If an invoice takes four minutes and an hour costs 25 euros, each invoice costs about 1.67 euros of handling. With 300 invoices a quarter, that is 500 euros, plus whatever the quarter-end rework costs. For a gestoría with 60 clients averaging 150 invoices a quarter each, the same four minutes is 600 hours a quarter. That figure, not a headline percentage, is what you compare against the price of a tool.

## What automation changes in the quarterly cycle

The Spanish calendar concentrates the pain. VAT (Modelo 303) and the IRPF instalment for self-employed people (Modelo 130) are filed in the first twenty days of April, July and October, and by 30 January for the fourth quarter. Withholdings paid to professionals and landlords (Modelos 111 and 115) follow the same rhythm. Without automation, most invoice handling happens in those three weeks.

Automation changes the shape of the work more than its total:

- **Capture moves to the day the invoice arrives.** A tool that reads the document in seconds makes it cheap to process invoices continuously instead of in a batch at quarter end.
- **Errors surface immediately.** A failed NIF check or a VAT amount that does not match its base is flagged the day the invoice is uploaded, while the supplier can still send a corrected one.
- **Missing invoices become visible.** When invoices flow continuously, a month with no invoices from a regular supplier stands out.
- **The quarterly figures are a report, not a project.** VAT per rate and withholdings are already extracted, so preparing the 303 and 130 becomes a matter of reviewing totals.

## A note on Modelo 130

The IRPF instalment is where automation helps freelancers most, because it depends on the whole year's income and expenses. The calculation is cumulative: 20% of net profit from 1 January to the end of the quarter, minus withholdings suffered on your invoices over the same period, minus the instalments already paid in the previous quarters of the year. An error in an invoice from February therefore affects every instalment until December.

Professionals whose invoices had withholding applied to at least 70% of their income in the previous year are exempt from filing it. Extracting the withholding from each issued invoice makes it easy to check whether you are above that threshold, instead of guessing.

## A worked example: a small gestoría

Consider a firm with 40 clients, most of them self-employed, each sending about 120 received and 30 issued invoices a quarter. That is 6,000 documents a quarter. The firm measured its own process over two weeks and found:

- an average of three and a half minutes per invoice for typing, checking and filing;
- about 60 hours per quarter spent chasing missing invoices and fixing errors in the last ten days before the deadline;
- two or three corrective VAT returns a year, each taking half a day between the adviser and the client.

At a cost of 22 euros per hour, handling alone comes to roughly 7,700 euros a quarter, and the quarter-end rework adds about 1,300 more. After moving to automated capture with review of flagged invoices, the same firm measured again: review time fell to under a minute for most invoices, because the figures were already in place and checked, and the quarter-end chasing shrank because missing invoices were noticed in the month they were due. The firm did not reduce staff; it took on new clients with the same team, which for most gestorías is the real point.

Your numbers will differ, which is exactly why you should measure them.

## Where automation pays off

In our experience the following situations benefit most:

- **Accounting firms with many small clients.** The volume is high, the documents are varied, and the same checks apply to everyone.
- **Businesses with many suppliers**, such as restaurants and shops, where dozens of invoices a week arrive on paper and by email.
- **Freelancers who do their own books** and lose a weekend each quarter to data entry.
- **Anyone who has been caught by an error** that only appeared when the VAT return did not match the bank.

## Where it is not worth it

Honesty helps here. Automation is not worth much if:

- you receive fewer than ten invoices a quarter, all clean PDFs from the same suppliers;
- your invoices already arrive as structured e-invoices that your accounting software imports directly;
- nobody will review the flagged exceptions. A tool that flags problems only helps if someone looks at the flags.

## What to measure after you switch

Whatever tool you choose, measure the same things you measured before, after one full quarter:

- minutes per invoice, including review;
- hours spent at quarter end on finding and fixing problems;
- number of corrections needed after the return was filed (ideally zero);
- number of invoices that reached quarter end still missing.

If the first two figures have not dropped clearly, something in the process is wrong: usually invoices still arrive in too many places, or the review step is being skipped.

## Hidden costs to watch

Automation tools have costs of their own. Watch for:

- **Subscriptions that charge whether you use them or not.** A quiet quarter costs the same as a busy one.
- **Charges for failed documents.** If a photo cannot be read, you should not pay for it.
- **Set-up and training time.** Budget a few hours to agree on the process with your team or clients.
- **Lock-in.** Make sure you can export your data (Excel or CSV at least) at any time.

## A simple decision rule

Compare two numbers: your current cost per quarter (minutes per invoice × invoices × hourly cost, plus rework) and the cost of the tool plus the time still needed for review. If the second is clearly lower, automate. If it is close, look at the rework figure again: that is usually where the real savings are, because an error found in the week it happens costs minutes, and one found after filing costs a corrective return.

## The difference between speed and reliability

Most marketing about invoice automation talks about speed, and speed is real: reading an invoice in seconds instead of minutes changes how much work a person can get through. But for a Spanish business the bigger gain is usually reliability. A VAT return built from checked data does not need a corrective filing in March. An IRPF instalment calculated from extracted withholdings does not overpay for three quarters before someone notices. When you evaluate a tool, ask not only how fast it reads, but what it checks and how it shows you what it is unsure about.

Cuadra charges one credit per invoice that is read successfully, with packs that do not expire and no subscription, and a file that cannot be read costs nothing. Those choices follow directly from the cost analysis above: you should pay for invoices processed, not for months.
`,
  es: `
La «automatización del proceso de facturas» se vende con cifras grandes: el tiempo de proceso reducido en su mayor parte, los costes rebajados a menos de la mitad. Algunas de esas cifras son ciertas para algunas empresas y no significan nada para otras. Este artículo va por un camino más útil: cómo calcular lo que te cuesta *a ti* procesar facturas a mano, qué cambia la automatización en el ciclo trimestral español y en qué casos no merece la pena.

## Qué implica de verdad «procesar una factura»

Cuando se calcula el coste de una factura, normalmente solo se cuenta el tecleo. En una pequeña empresa o una gestoría española, una factura recibida pasa por más pasos:

1. **Recibirla y encontrarla.** Abrir el correo, descargar el adjunto o sacar el papel de una carpeta. Con los clientes de una asesoría, a menudo perseguirla.
2. **Leerla y teclearla.** Proveedor, NIF, número, fecha, bases, IVA por tipo, retención, total.
3. **Comprobarla.** ¿Cuadra el IVA con la base? ¿Está bien el NIF? ¿Está duplicada?
4. **Clasificarla.** Emitida o recibida, cuenta de gasto, deducible o no.
5. **Archivarla.** Guardar el documento donde se pueda encontrar dentro de cuatro o seis años.
6. **Corregir errores.** La factura tecleada con el tipo equivocado que hace que el trimestre no cuadre, descubierta tres semanas después.

El último paso es el caro, y el que casi nunca aparece en las estimaciones.

## Cómo calcular tu propio coste por factura

No necesitas una referencia del sector; necesitas tus propias cifras. Toma una semana de muestra y mide:

- **Minutos por factura**, desde que abres el documento hasta que queda archivado. Cronometra veinte facturas variadas (PDF limpios, fotos, tickets en papel) y calcula la media.
- **Coste por hora de la persona que lo hace**, incluida la Seguridad Social, no solo el salario bruto. Si lo hace el propio dueño, usa lo que vale para el negocio una hora de su tiempo.
- **Retrabajo**: cuántas horas por trimestre se van en buscar y corregir errores y facturas que faltan al cierre.

La cuenta es sencilla. Si una factura lleva cuatro minutos y una hora cuesta 25 euros, cada factura cuesta unos 1,67 euros de manejo. Con 300 facturas al trimestre, son 500 euros, más lo que cueste el retrabajo del cierre. Para una gestoría con 60 clientes y una media de 150 facturas por cliente y trimestre, esos mismos cuatro minutos son 600 horas por trimestre. Esa cifra, y no un porcentaje de titular, es la que debes comparar con el precio de una herramienta.

## Qué cambia la automatización en el ciclo trimestral

El calendario español concentra el esfuerzo. El IVA (Modelo 303) y el pago fraccionado del IRPF de los autónomos (Modelo 130) se presentan en los veinte primeros días de abril, julio y octubre, y hasta el 30 de enero en el cuarto trimestre. Las retenciones a profesionales y arrendadores (Modelos 111 y 115) siguen el mismo ritmo. Sin automatización, casi todo el trabajo con facturas se hace en esas tres semanas.

La automatización cambia más la forma del trabajo que su total:

- **La captura pasa al día en que llega la factura.** Una herramienta que lee el documento en segundos hace barato procesar facturas de forma continua en lugar de en un lote al final del trimestre.
- **Los errores salen a la luz enseguida.** Un NIF que no supera la comprobación o una cuota de IVA que no cuadra con su base se marcan el día en que se sube la factura, cuando el proveedor aún puede enviar una corregida.
- **Las facturas que faltan se ven.** Cuando las facturas fluyen de forma continua, un mes sin facturas de un proveedor habitual llama la atención.
- **Las cifras trimestrales son un informe, no un proyecto.** El IVA por tipo y las retenciones ya están extraídos, así que preparar el 303 y el 130 se reduce a revisar totales.

## Una nota sobre el Modelo 130

El pago fraccionado del IRPF es donde la automatización más ayuda a los autónomos, porque depende de los ingresos y gastos de todo el año. El cálculo es acumulado: el 20% del rendimiento neto desde el 1 de enero hasta el final del trimestre, menos las retenciones que te practicaron en tus facturas en ese periodo, menos los pagos fraccionados ya hechos en los trimestres anteriores del año. Un error en una factura de febrero afecta, por tanto, a todos los pagos hasta diciembre.

Los profesionales a los que se les practicó retención en al menos el 70% de sus ingresos del año anterior no tienen que presentarlo. Extraer la retención de cada factura emitida permite comprobar fácilmente si estás por encima de ese umbral, en lugar de suponerlo.

## Un ejemplo práctico: una pequeña gestoría

Pensemos en un despacho con 40 clientes, casi todos autónomos, que envían cada uno unas 120 facturas recibidas y 30 emitidas por trimestre. Son 6.000 documentos por trimestre. El despacho midió su propio proceso durante dos semanas y encontró:

- una media de tres minutos y medio por factura para teclear, comprobar y archivar;
- unas 60 horas por trimestre persiguiendo facturas que faltaban y corrigiendo errores en los diez últimos días antes del plazo;
- dos o tres declaraciones de IVA complementarias al año, cada una con medio día de trabajo entre el asesor y el cliente.

A un coste de 22 euros la hora, solo el manejo sale por unos 7.700 euros por trimestre, y el retrabajo del cierre añade unos 1.300 más. Tras pasar a una captura automática con revisión de las facturas marcadas, el mismo despacho volvió a medir: el tiempo de revisión bajó a menos de un minuto en la mayoría de las facturas, porque las cifras ya estaban puestas y comprobadas, y la persecución de fin de trimestre se redujo porque las facturas que faltaban se detectaban en el mes que tocaba. El despacho no redujo plantilla; aceptó clientes nuevos con el mismo equipo, que para la mayoría de las gestorías es lo que de verdad importa.

Tus cifras serán otras, y precisamente por eso debes medirlas.

## Dónde compensa la automatización

Según nuestra experiencia, estas son las situaciones que más se benefician:

- **Asesorías con muchos clientes pequeños.** El volumen es alto, los documentos son variados y las mismas comprobaciones valen para todos.
- **Negocios con muchos proveedores**, como restaurantes y tiendas, donde cada semana llegan decenas de facturas en papel y por correo.
- **Autónomos que llevan su propia contabilidad** y pierden un fin de semana cada trimestre tecleando.
- **Cualquiera que haya sufrido un error** que solo apareció cuando la declaración de IVA no cuadraba con el banco.

## Dónde no compensa

Aquí conviene ser honestos. La automatización aporta poco si:

- recibes menos de diez facturas por trimestre, todas PDF limpios de los mismos proveedores;
- tus facturas ya llegan como facturas electrónicas estructuradas que tu programa de contabilidad importa directamente;
- nadie va a revisar las excepciones marcadas. Una herramienta que marca problemas solo ayuda si alguien mira esas marcas.

## Qué medir después del cambio

Uses la herramienta que uses, mide lo mismo que medías antes, tras un trimestre completo:

- minutos por factura, incluida la revisión;
- horas dedicadas al cierre a encontrar y corregir problemas;
- número de correcciones necesarias después de presentar la declaración (idealmente, cero);
- número de facturas que llegaron al cierre sin haberse recibido.

Si las dos primeras cifras no han bajado claramente, algo falla en el proceso: normalmente las facturas siguen llegando por demasiados sitios o se está saltando la revisión.

## Costes ocultos a vigilar

Las herramientas de automatización también tienen sus costes. Fíjate en:

- **Suscripciones que cobran las uses o no.** Un trimestre tranquilo cuesta lo mismo que uno con mucho trabajo.
- **Cobros por documentos fallidos.** Si una foto no se puede leer, no deberías pagarla.
- **Tiempo de puesta en marcha y formación.** Reserva unas horas para acordar el proceso con tu equipo o tus clientes.
- **Dependencia.** Asegúrate de poder exportar tus datos (como mínimo en Excel o CSV) en cualquier momento.

## Una regla de decisión sencilla

Compara dos cifras: tu coste actual por trimestre (minutos por factura × facturas × coste por hora, más el retrabajo) y el coste de la herramienta más el tiempo que sigue haciendo falta para revisar. Si la segunda es claramente menor, automatiza. Si están cerca, vuelve a mirar el retrabajo: ahí suele estar el ahorro real, porque un error encontrado la misma semana cuesta minutos y uno encontrado después de presentar cuesta una declaración complementaria.

## La diferencia entre velocidad y fiabilidad

Casi todo el marketing sobre automatización de facturas habla de velocidad, y la velocidad es real: leer una factura en segundos en lugar de minutos cambia cuánto trabajo puede sacar una persona. Pero para una empresa española la ganancia mayor suele ser la fiabilidad. Una declaración de IVA hecha con datos comprobados no necesita una complementaria en marzo. Un pago fraccionado calculado con las retenciones extraídas no paga de más durante tres trimestres hasta que alguien se da cuenta. Cuando evalúes una herramienta, pregunta no solo lo rápido que lee, sino qué comprueba y cómo te muestra aquello de lo que no está segura.

Cuadra cobra un crédito por cada factura leída correctamente, con paquetes que no caducan y sin suscripción, y un archivo que no se puede leer no cuesta nada. Son decisiones que se derivan directamente del análisis de costes anterior: deberías pagar por facturas procesadas, no por meses.
`,
};
