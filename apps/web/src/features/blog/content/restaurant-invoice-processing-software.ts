import type { ArticleContent } from '../article-types';

export const content: ArticleContent = {
  en: `
There is no shortage of software that promises to take care of a restaurant's invoices. Some of it is excellent, some of it was built for a different country's tax system, and some of it will cost more in subscription fees than the time it saves. This checklist gathers twelve questions to ask before you choose, whether you are a restaurant owner looking for a tool or a gestoría choosing one for its hospitality clients.

The questions are about what the software does with the documents a Spanish restaurant actually receives. They are not about screenshots or dashboards; those are easy to make look good in a demo.

## 1. Does it read the documents you really get?

Make a pile of last month's real documents: a wholesale invoice with forty lines, a crumpled delivery note, a faded till receipt from the cash-and-carry, an electricity bill, a PDF from a software provider, a delivery platform's commission invoice. Ask to test the software with that pile, not with the vendor's samples. A tool that reads clean PDFs perfectly but fails on photos will leave you typing the documents that take longest.

## 2. Does it read structured data first?

More invoices will arrive as structured e-invoices (Facturae, UBL, CII) as the B2B e-invoicing obligation takes effect, and more will carry a VeriFactu QR code. Both contain exact data. Software that reads them directly, and only falls back to OCR when there is nothing better, will be more accurate over time. Ask specifically whether it reads the VeriFactu QR code and compares it with the printed figures.

## 3. Does it understand Spanish VAT rates on one invoice?

A single supplier invoice in a restaurant often has lines at 4%, 10% and 21%. The software must extract the taxable base and VAT for each rate separately, because that is how they go into Modelo 303. Ask to see an invoice with three rates processed, and check that each base and VAT pair is right, not just the total.

## 4. Does it handle withholdings and the equivalence surcharge?

Rent invoices carry a 19% IRPF withholding; professionals' invoices carry 15% or 7%. These feed Modelos 115 and 111. The software should read them as separate fields and check that base plus VAT minus withholding equals the amount due. It should also recognise a recargo de equivalencia line, if only to flag that a restaurant should not normally be charged one.

## 5. Does it check tax IDs and arithmetic?

Reading is not enough; the software must tell you when something is wrong. At a minimum: NIF, NIE and CIF control characters; base × rate = VAT for each rate; bases plus VAT minus withholding = total; line totals adding up to the base; implausible dates; duplicates. Ask what happens when a check fails. The right answer is that the invoice is flagged for review with the failing field highlighted, not silently accepted.

## 6. Can you see where each figure came from?

When you review a flagged invoice, you want to see the extracted value next to the place on the page where it was read. That turns a review from "find the number on the paper" into a glance. Ask how long it takes to confirm or correct one flagged field.

## 7. Does it cope with simplified invoices?

Tickets (simplified invoices) are allowed in hospitality and retail up to 3,000 euros. They only allow the buyer to deduct VAT if they include the buyer's NIF and address and show the VAT amount separately. A good tool will recognise a simplified invoice and flag when it lacks your details, so you can ask for a proper one while the supplier still remembers the sale.

## 8. Does it work with delivery notes and summary invoices?

Food suppliers often deliver daily and issue a summary invoice (factura recapitulativa) at the end of the month. The software does not need to be a full purchasing system, but it should at least let you keep delivery notes alongside invoices and extract line items, so the monthly matching is possible. If it ignores line items entirely, you lose the raw material for food cost control.

## 9. What does it export, and to whom?

Your gestoría needs the data in a form their own software accepts. Ask for a sample export and send it to them before you decide. Excel or CSV with one row per invoice and columns per VAT rate is the common denominator; direct connections to specific accounting packages are a bonus. Also check that you can export everything, including the original files, if you ever leave.

## 10. Where is the data, and for how long?

Invoices contain personal data (names, addresses, tax IDs of sole traders) and are subject to GDPR. Ask where data is stored, who processes it, and how long it is kept. You need invoices for at least four years for tax purposes and six for commercial law; the software either keeps them for that long or lets you export them. Automatic deletion after a defined period is good practice, as long as you know about it and can export first.

## 11. Can your gestoría work in it too?

The restaurant captures, the gestoría reviews. Software that allows both to work on the same documents, each with their own access, removes the monthly email with a zip file of photos. If you are a gestoría, check that one account can handle many clients, with documents clearly separated.

## 12. How is it priced?

Restaurant volumes vary with the season. Ask how the price behaves in a quiet month and a busy one. Per-document pricing aligns cost with use; flat subscriptions are simpler to budget but cost the same in January as in August. Also ask whether you pay for documents that fail to read, whether unused allowances expire, and what happens to your data if you stop paying.

## Questions about the vendor itself

The software is only part of what you buy. Before signing up, also ask:

- **Who answers when something goes wrong**, in which language, and how quickly? A question about a rejected invoice in the week before the VAT deadline cannot wait five working days.
- **How are changes communicated?** Tax rules change (rates, thresholds, VeriFactu dates), and so do products. You want notice of changes that affect you, in writing, with time to adapt.
- **Is there a trial with real documents?** A few free credits or a trial week is enough to run the test described below.
- **What happens to your documents if the vendor closes or you leave?** Ask for the export process in writing.

## What a good first month looks like

If you choose well, the first month should feel like this: documents go in the day they arrive, most are read without intervention, the few that are flagged take a minute each to fix, and the gestoría receives an export it can import without questions. If after four weeks you are still typing a large share of invoices, or the gestoría is retyping the export, the tool is not the right one for you, however good the demo looked.

## How to run the test

Do not decide from a demo. Take a real week of documents, upload them, and time two things: how long until everything is processed, and how long you spend reviewing and correcting. Compare with what the same week costs you today. Then send the export to your gestoría and ask whether they can use it without retyping.

## Red flags

- The demo uses only the vendor's own sample invoices.
- VAT is extracted as a single figure per invoice, not per rate.
- Errors are not flagged; the software "always" reads correctly.
- You cannot export your data, or only in a proprietary format.
- The price depends on features you will not use.

## Who should own the decision

Because the restaurant and the gestoría both use the result, choose together. The restaurant cares about how quickly documents can be captured at the back door; the gestoría cares about the quality of the data and the export. A tool that satisfies only one side will be abandoned within a quarter.

## A note on what software cannot do

No tool fixes a missing invoice, a supplier who does not put your NIF on the ticket, or a delivery note that was never signed. Software makes a good routine faster and safer; it does not replace the routine. Before buying anything, agree on the basics: one place for documents, photos on the day of delivery, and a weekly review slot.

We built Cuadra to answer these questions well for Spanish businesses: it reads photos, PDFs, e-invoices and VeriFactu QR codes, extracts VAT per rate, withholdings and line items, flags what fails a check, exports to Excel, and charges per invoice read with credits that do not expire. Use the checklist on it as you would on anyone else.
`,
  es: `
No faltan programas que prometen ocuparse de las facturas de un restaurante. Algunos son excelentes, otros se hicieron para el sistema fiscal de otro país y otros costarán más en cuotas que el tiempo que ahorran. Esta lista reúne doce preguntas que conviene hacer antes de elegir, tanto si eres el dueño de un restaurante que busca una herramienta como si eres una gestoría que la elige para sus clientes de hostelería.

Las preguntas tratan de lo que hace el programa con los documentos que de verdad recibe un restaurante español. No tratan de capturas de pantalla ni de paneles; esos son fáciles de lucir en una demostración.

## 1. ¿Lee los documentos que de verdad recibes?

Haz un montón con los documentos reales del mes pasado: una factura de un mayorista con cuarenta líneas, un albarán arrugado, un ticket desvaído del cash and carry, una factura de la luz, un PDF de un proveedor de software, una factura de comisiones de una plataforma de reparto. Pide probar el programa con ese montón, no con los ejemplos del fabricante. Una herramienta que lee perfectamente los PDF limpios pero falla con las fotos te dejará tecleando justo los documentos que más tiempo llevan.

## 2. ¿Lee primero los datos estructurados?

Cada vez llegarán más facturas como facturas electrónicas estructuradas (Facturae, UBL, CII), a medida que entre en vigor la obligación entre empresas, y más llevarán un código QR de VeriFactu. Ambos contienen datos exactos. Un programa que los lee directamente y solo recurre al OCR cuando no hay nada mejor será más preciso con el tiempo. Pregunta expresamente si lee el QR de VeriFactu y si lo compara con las cifras impresas.

## 3. ¿Entiende varios tipos de IVA en una misma factura?

Una sola factura de proveedor de un restaurante tiene a menudo líneas al 4%, al 10% y al 21%. El programa debe extraer la base imponible y la cuota de cada tipo por separado, porque así van al Modelo 303. Pide ver una factura con tres tipos procesada y comprueba que cada pareja de base y cuota es correcta, no solo el total.

## 4. ¿Trata las retenciones y el recargo de equivalencia?

Las facturas del alquiler llevan una retención de IRPF del 19%; las de profesionales, del 15% o del 7%. Alimentan los Modelos 115 y 111. El programa debe leerlas como campos separados y comprobar que base más IVA menos retención es igual al importe a pagar. También debe reconocer una línea de recargo de equivalencia, aunque solo sea para avisar de que a un restaurante no se le debería cobrar normalmente.

## 5. ¿Comprueba los NIF y las cuentas?

Leer no basta; el programa tiene que avisarte cuando algo está mal. Como mínimo: caracteres de control de NIF, NIE y CIF; base × tipo = cuota para cada tipo; bases más IVA menos retención = total; líneas que suman la base; fechas inverosímiles; duplicados. Pregunta qué pasa cuando falla una comprobación. La respuesta correcta es que la factura queda marcada para revisar, con el campo que falla resaltado, no que se acepta en silencio.

## 6. ¿Puedes ver de dónde sale cada cifra?

Cuando revisas una factura marcada, quieres ver el valor extraído junto al lugar de la página donde se leyó. Eso convierte la revisión de «buscar el número en el papel» en un vistazo. Pregunta cuánto se tarda en confirmar o corregir un campo marcado.

## 7. ¿Se las arregla con las facturas simplificadas?

Los tickets (facturas simplificadas) se admiten en hostelería y comercio hasta 3.000 euros. Solo permiten al comprador deducirse el IVA si incluyen su NIF y domicilio y muestran la cuota por separado. Una buena herramienta reconocerá una factura simplificada y avisará cuando le falten tus datos, para que pidas una correcta mientras el proveedor aún recuerda la venta.

## 8. ¿Funciona con albaranes y facturas recapitulativas?

Los proveedores de alimentación suelen entregar a diario y emitir una factura recapitulativa a final de mes. El programa no tiene por qué ser un sistema de compras completo, pero al menos debe permitir guardar los albaranes junto a las facturas y extraer las líneas, para que el cruce mensual sea posible. Si ignora las líneas por completo, pierdes la materia prima del control del food cost.

## 9. ¿Qué exporta y para quién?

Tu gestoría necesita los datos en un formato que acepte su propio programa. Pide una exportación de ejemplo y envíasela antes de decidir. Excel o CSV con una fila por factura y columnas por tipo de IVA es el denominador común; las conexiones directas con programas de contabilidad concretos son un extra. Comprueba también que puedes exportarlo todo, incluidos los archivos originales, si algún día te vas.

## 10. ¿Dónde están los datos y durante cuánto tiempo?

Las facturas contienen datos personales (nombres, domicilios, NIF de empresarios individuales) y están sujetas al RGPD. Pregunta dónde se guardan los datos, quién los trata y cuánto tiempo se conservan. Necesitas las facturas al menos cuatro años por motivos fiscales y seis por la normativa mercantil; o el programa las conserva ese tiempo o te permite exportarlas. El borrado automático tras un periodo definido es una buena práctica, siempre que lo sepas y puedas exportar antes.

## 11. ¿Puede trabajar también tu gestoría?

El restaurante captura y la gestoría revisa. Un programa que permite a los dos trabajar sobre los mismos documentos, cada uno con su acceso, elimina el correo mensual con un zip de fotos. Si eres una gestoría, comprueba que una cuenta puede llevar muchos clientes, con los documentos claramente separados.

## 12. ¿Cómo se cobra?

El volumen de un restaurante varía con la temporada. Pregunta cómo se comporta el precio en un mes flojo y en uno fuerte. Pagar por documento ajusta el coste al uso; las suscripciones planas son más fáciles de presupuestar, pero cuestan lo mismo en enero que en agosto. Pregunta también si pagas por los documentos que no se pueden leer, si el saldo no usado caduca y qué pasa con tus datos si dejas de pagar.

## Preguntas sobre el propio proveedor

El programa es solo una parte de lo que compras. Antes de contratar, pregunta también:

- **Quién responde cuando algo falla**, en qué idioma y con qué rapidez. Una duda sobre una factura rechazada la semana antes del plazo del IVA no puede esperar cinco días hábiles.
- **Cómo se comunican los cambios.** Las normas fiscales cambian (tipos, umbrales, fechas de VeriFactu), y los productos también. Quieres aviso por escrito de los cambios que te afectan, con tiempo para adaptarte.
- **Si hay una prueba con documentos reales.** Unos pocos créditos gratis o una semana de prueba bastan para hacer la prueba que se describe más abajo.
- **Qué pasa con tus documentos si el proveedor cierra o te vas.** Pide por escrito el procedimiento de exportación.

## Cómo es un buen primer mes

Si eliges bien, el primer mes debería ser así: los documentos entran el día que llegan, la mayoría se leen sin intervención, los pocos que quedan marcados se corrigen en un minuto cada uno y la gestoría recibe una exportación que puede importar sin preguntas. Si al cabo de cuatro semanas sigues tecleando buena parte de las facturas, o la gestoría vuelve a teclear la exportación, esa herramienta no es para ti, por bien que luciera la demostración.

## Cómo hacer la prueba

No decidas por una demostración. Toma una semana real de documentos, súbelos y cronometra dos cosas: cuánto tarda en procesarse todo y cuánto tiempo pasas revisando y corrigiendo. Compáralo con lo que te cuesta hoy esa misma semana. Después envía la exportación a tu gestoría y pregúntale si puede usarla sin volver a teclear.

## Señales de alarma

- La demostración usa solo las facturas de ejemplo del fabricante.
- El IVA se extrae como una sola cifra por factura, no por tipo.
- No se marcan errores; el programa lee «siempre» bien.
- No puedes exportar tus datos, o solo en un formato propio.
- El precio depende de funciones que no vas a usar.

## Quién debe tomar la decisión

Como el restaurante y la gestoría usan los dos el resultado, elegid juntos. Al restaurante le importa lo rápido que se capturan los documentos en la puerta de atrás; a la gestoría, la calidad de los datos y de la exportación. Una herramienta que solo satisface a una de las partes se abandona en un trimestre.

## Una nota sobre lo que el software no puede hacer

Ninguna herramienta arregla una factura que falta, un proveedor que no pone tu NIF en el ticket o un albarán que nunca se firmó. El software hace más rápida y más segura una buena rutina; no sustituye a la rutina. Antes de comprar nada, acordad lo básico: un único sitio para los documentos, fotos el mismo día de la entrega y un hueco semanal para revisar.

Hicimos Cuadra para responder bien a estas preguntas en empresas españolas: lee fotos, PDF, facturas electrónicas y códigos QR de VeriFactu, extrae el IVA por tipo, las retenciones y las líneas, marca lo que no supera una comprobación, exporta a Excel y cobra por factura leída con créditos que no caducan. Aplícale la lista como a cualquier otro.
`,
};
