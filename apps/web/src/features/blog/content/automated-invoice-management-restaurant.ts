import type { ArticleContent } from '../article-types';

export const content: ArticleContent = {
  en: `
A restaurant produces paperwork at the same pace as it produces meals. Fish, meat and vegetables arrive every morning with a delivery note; drinks, cleaning products and disposables come weekly; energy, rent, insurance, software and card-terminal fees arrive monthly. On the sales side, the till issues hundreds of tickets a day, a few business customers ask for full invoices, and delivery platforms send their own commission invoices. All of it has to reach the gestoría in a state that lets them file the quarterly returns correctly.

This article looks at how that flow can be organised and automated: who does what, which taxes are involved, and where the usual problems hide.

## Who does what: the restaurant and its gestoría

In most small restaurants the owner or manager handles documents day to day and a gestoría prepares the books and tax returns. Problems start at the handover. The gestoría receives a pile of paper at the end of the quarter, finds gaps, asks questions three weeks after the fact, and the owner spends an evening looking for invoices in the office drawer.

A clear division of work helps:

- **The restaurant** captures every purchase document the day it arrives, checks that deliveries match what was ordered, and keeps the till's sales records.
- **The gestoría** classifies, checks the tax treatment, prepares the returns and flags anything unusual.
- **Both** agree on one place where documents live, so nobody sends things by WhatsApp, email and a shoebox at the same time.

Automation fits exactly at the handover: the restaurant uploads, the software reads and checks, the gestoría reviews what is flagged.

## The documents a restaurant handles

It helps to know what you are dealing with before automating it.

- **Delivery notes (albaranes).** Not invoices, but the evidence that goods arrived. Many suppliers deliver daily with a note and invoice once a month.
- **Summary invoices (facturas recapitulativas).** Spanish rules allow a supplier to group all deliveries made to the same customer within a calendar month into one invoice, issued by the end of that month at the latest. This is common with food suppliers.
- **Ordinary supplier invoices** for drinks, equipment, repairs, cleaning and services.
- **Utility and service invoices**: electricity, gas, water, telephone, software, card terminal.
- **Rent invoices** for the premises.
- **Delivery platform invoices**, for the commissions they charge.
- **Sales**: till tickets (simplified invoices) and full invoices for business customers who request them.

## The VAT rates you will see

The restaurant's own sales (food and drink served, including takeaway meals) are a hospitality service and usually carry the reduced 10% rate. The purchases carry a mix:

- many foodstuffs at 10%, and basic foods such as bread, milk, eggs, cheese, fruit and vegetables at the super-reduced 4%;
- alcoholic drinks at 21%, and soft drinks with added sugars or sweeteners at 21% as well;
- equipment, cleaning products, repairs, energy, telephone, software and most services at 21%.

A single invoice from a wholesale supplier can contain lines at 4%, 10% and 21%. This is the most common source of errors in manual data entry: the total is right, but the split between rates is wrong, so the input VAT for each rate in Modelo 303 is wrong too. An automated tool should extract the base and VAT for each rate separately and check that each pair adds up.

Restaurants are not under the equivalence surcharge (recargo de equivalencia), because they transform what they buy. If you see a recargo on a supplier's invoice, ask the supplier: it is probably a mistake in their customer file.

## Withholding on the rent: Modelo 115

If the restaurant rents its premises from a landlord who is not exempt, the restaurant usually has to withhold 19% of the rent (the IRPF withholding on urban property rentals) and pay it to the Tax Agency quarterly with Modelo 115, plus an annual summary (Modelo 180). The rent invoice should therefore show the base, the 21% VAT, and the 19% withholding deducted from the amount to pay.

This is an easy one to get wrong when typing: the amount paid to the landlord is neither the base nor the total with VAT. An extraction tool that reads the withholding line and checks that base plus VAT minus withholding equals the amount due catches most mistakes here.

## Staff and professionals: Modelo 111

Withholdings on employees' wages and on invoices from professionals (an accountant, a designer, a lawyer) go on Modelo 111, also quarterly. Professionals' invoices normally show a 15% IRPF withholding, or 7% for professionals in their first years of activity. Extracting that figure from each invoice makes the quarterly total a sum rather than a search.

## The sales side: tickets, full invoices and platforms

Purchases get most of the attention, but the sales side needs its own routine.

- **Till tickets** are simplified invoices. They are allowed in hospitality up to 3,000 euros per ticket, VAT included, which covers almost every bill. The till must number them correctly, and from the VeriFactu start date it must be compliant software.
- **Full invoices** are required when a business customer asks for one so that they can deduct the VAT: a company dinner, an event, a catering order. Issue them from the same system, in their own series or as a qualified simplified invoice with the customer's NIF and address, and never by hand on a template.
- **Delivery platforms** usually pay the restaurant the value of the orders minus their commission, and invoice that commission separately with 21% VAT. The sale to the end customer is still yours, at 10%. Recording only the net amount the platform transfers understates both your sales and your deductible VAT, so capture the platform's commission invoice like any other supplier invoice and reconcile its settlements against the till's records of delivery orders.
- **Daily closing.** The Z report (the till's daily closing) is the summary your gestoría needs for the sales side. Keep it with the day's card terminal report, so that cash and card totals can be reconciled with the bank.

When the sales side is clean, the gestoría can compare output VAT with the till's totals in minutes instead of reconstructing them from paper rolls.

## A flow that works

Here is a routine that many restaurants can adopt without changing anything else:

1. **On delivery:** check the delivery note against the order, note any missing or damaged goods on it, and photograph it.
2. **When invoices arrive** (by email or paper): upload them to the shared place the same day.
3. **Once a week:** the capture tool reads the week's invoices; someone spends fifteen minutes on the ones it flagged (unreadable photos, totals that do not add up, unknown suppliers).
4. **Once a month:** match the summary invoices against the month's delivery notes. Any delivery note without an invoice, or an invoice line without a delivery note, is a question for the supplier.
5. **Before the quarter closes:** the gestoría reviews the extracted data, classifies what needs judgement and prepares the returns.

## Where automation saves the most time

The biggest gains in a restaurant are not in reading invoices faster but in:

- **splitting VAT by rate correctly**, every time, on long wholesale invoices;
- **spotting duplicates**: the same invoice sent by email and delivered on paper;
- **catching missing invoices** early: a supplier who delivered all month and has not invoiced yet;
- **keeping the gestoría out of the shoebox**: the data arrives already structured, so their time goes into advice rather than data entry.

## Common pitfalls

- **Keeping only the delivery notes.** A delivery note does not give you the right to deduct VAT; the invoice does. Make sure every month's deliveries end in an invoice.
- **Tickets instead of invoices.** A ticket from the cash-and-carry without your NIF does not allow you to deduct the VAT. Ask for a full invoice, or a simplified one with your NIF and address.
- **Faded thermal paper.** Till receipts fade within months. Photograph them on the day.
- **Personal and business purchases mixed.** Keep them apart from the start; separating them later is slow and uncertain.

## What to ask of your tools

When you evaluate software for this, ask whether it reads photos of crumpled paper as well as PDFs, extracts each VAT rate separately, reads withholdings, flags duplicates, and exports in a format your gestoría can use. If it also lets the gestoría see the original document next to each figure, most of the back-and-forth between restaurant and adviser disappears.

Cuadra was designed for this handover: the restaurant (or its gestoría) uploads photos, PDFs and e-invoices, Cuadra reads each VAT rate, withholding and total, checks that they add up, and produces the quarterly report. Whatever you use, the routine above will make the quarter calmer.
`,
  es: `
Un restaurante produce papeles al mismo ritmo que platos. El pescado, la carne y la verdura llegan cada mañana con un albarán; las bebidas, los productos de limpieza y el material desechable, cada semana; la luz, el alquiler, el seguro, el software y las comisiones del datáfono, cada mes. En las ventas, el TPV emite cientos de tickets al día, algunos clientes empresa piden factura completa y las plataformas de reparto envían sus propias facturas de comisiones. Todo eso tiene que llegar a la gestoría en un estado que le permita presentar bien las declaraciones trimestrales.

Este artículo explica cómo organizar y automatizar ese flujo: quién hace qué, qué impuestos intervienen y dónde se esconden los problemas habituales.

## Quién hace qué: el restaurante y su gestoría

En la mayoría de los restaurantes pequeños, el dueño o el encargado maneja los documentos día a día y una gestoría lleva la contabilidad y los impuestos. Los problemas empiezan en el traspaso. La gestoría recibe un montón de papeles al final del trimestre, encuentra huecos, pregunta tres semanas después de los hechos y el dueño pasa una tarde buscando facturas en el cajón de la oficina.

Un reparto claro del trabajo ayuda:

- **El restaurante** captura cada documento de compra el día que llega, comprueba que las entregas coinciden con lo pedido y conserva los registros de ventas del TPV.
- **La gestoría** clasifica, revisa el tratamiento fiscal, prepara las declaraciones y avisa de lo que sea raro.
- **Ambos** acuerdan un único sitio donde viven los documentos, para que nadie mande cosas por WhatsApp, por correo y en una caja de zapatos a la vez.

La automatización encaja justo en el traspaso: el restaurante sube, el software lee y comprueba, la gestoría revisa lo que queda marcado.

## Los documentos de un restaurante

Conviene saber con qué se trabaja antes de automatizarlo.

- **Albaranes.** No son facturas, pero prueban que la mercancía llegó. Muchos proveedores entregan a diario con albarán y facturan una vez al mes.
- **Facturas recapitulativas.** Las normas españolas permiten al proveedor agrupar en una sola factura todas las entregas hechas a un mismo cliente dentro de un mes natural, emitida como tarde el último día de ese mes. Es habitual con los proveedores de alimentación.
- **Facturas ordinarias de proveedores** de bebidas, equipamiento, reparaciones, limpieza y servicios.
- **Facturas de suministros y servicios**: luz, gas, agua, teléfono, software, datáfono.
- **Facturas del alquiler** del local.
- **Facturas de las plataformas de reparto**, por las comisiones que cobran.
- **Ventas**: tickets del TPV (facturas simplificadas) y facturas completas para los clientes empresa que las piden.

## Los tipos de IVA que vas a ver

Las ventas del propio restaurante (comida y bebida servidas, incluida la comida para llevar) son un servicio de hostelería y suelen tributar al tipo reducido del 10%. Las compras traen una mezcla:

- muchos alimentos al 10%, y los básicos como el pan, la leche, los huevos, el queso, la fruta y la verdura al superreducido del 4%;
- las bebidas alcohólicas al 21%, y también al 21% los refrescos con azúcares o edulcorantes añadidos;
- el equipamiento, los productos de limpieza, las reparaciones, la energía, el teléfono, el software y la mayoría de servicios al 21%.

Una sola factura de un mayorista puede tener líneas al 4%, al 10% y al 21%. Es la fuente de errores más frecuente al teclear a mano: el total está bien, pero el reparto entre tipos no, así que el IVA soportado de cada tipo en el Modelo 303 también sale mal. Una herramienta automática debe extraer la base y la cuota de cada tipo por separado y comprobar que cada pareja cuadra.

Los restaurantes no están en el recargo de equivalencia, porque transforman lo que compran. Si ves un recargo en la factura de un proveedor, pregúntale: probablemente es un error en su ficha de cliente.

## La retención del alquiler: Modelo 115

Si el restaurante alquila el local a un arrendador que no está exento, normalmente tiene que retener el 19% del alquiler (la retención de IRPF sobre arrendamientos de inmuebles urbanos) e ingresarla en Hacienda cada trimestre con el Modelo 115, además de un resumen anual (Modelo 180). La factura del alquiler debe mostrar, por tanto, la base, el IVA del 21% y la retención del 19% descontada del importe a pagar.

Es fácil equivocarse al teclear: lo que se paga al arrendador no es ni la base ni el total con IVA. Una herramienta que lee la línea de la retención y comprueba que base más IVA menos retención es igual al importe a pagar detecta la mayoría de los errores.

## Personal y profesionales: Modelo 111

Las retenciones de las nóminas y de las facturas de profesionales (un asesor, un diseñador, un abogado) van al Modelo 111, también trimestral. Las facturas de profesionales suelen llevar una retención de IRPF del 15%, o del 7% en los primeros años de actividad. Extraer esa cifra de cada factura convierte el total trimestral en una suma, no en una búsqueda.

## El lado de las ventas: tickets, facturas completas y plataformas

Las compras se llevan casi toda la atención, pero las ventas necesitan su propia rutina.

- **Los tickets del TPV** son facturas simplificadas. En hostelería se admiten hasta 3.000 euros por ticket, IVA incluido, lo que cubre casi cualquier cuenta. El TPV debe numerarlos correctamente y, desde la fecha de VeriFactu, tiene que ser un software adaptado.
- **Las facturas completas** son obligatorias cuando un cliente empresa las pide para deducirse el IVA: una cena de empresa, un evento, un pedido de catering. Emítelas desde el mismo sistema, en su propia serie o como factura simplificada cualificada con el NIF y el domicilio del cliente, y nunca a mano sobre una plantilla.
- **Las plataformas de reparto** suelen pagar al restaurante el importe de los pedidos menos su comisión, y facturan esa comisión aparte con un IVA del 21%. La venta al cliente final sigue siendo tuya, al 10%. Registrar solo el neto que transfiere la plataforma infravalora tanto tus ventas como tu IVA deducible, así que captura la factura de comisiones como la de cualquier otro proveedor y concilia sus liquidaciones con los pedidos a domicilio registrados en el TPV.
- **El cierre diario.** El informe Z (el cierre diario del TPV) es el resumen que tu gestoría necesita del lado de las ventas. Guárdalo junto al informe del datáfono de ese día, para poder cuadrar efectivo y tarjeta con el banco.

Cuando las ventas están limpias, la gestoría compara el IVA repercutido con los totales del TPV en minutos, en lugar de reconstruirlos a partir de rollos de papel.

## Un flujo que funciona

Esta es una rutina que muchos restaurantes pueden adoptar sin cambiar nada más:

1. **En la entrega:** comprueba el albarán contra el pedido, anota en él lo que falte o llegue dañado y hazle una foto.
2. **Cuando llegan las facturas** (por correo o en papel): súbelas al sitio compartido el mismo día.
3. **Una vez por semana:** la herramienta de captura lee las facturas de la semana; alguien dedica quince minutos a las que ha marcado (fotos ilegibles, totales que no cuadran, proveedores desconocidos).
4. **Una vez al mes:** cruza las facturas recapitulativas con los albaranes del mes. Un albarán sin factura, o una línea de factura sin albarán, es una pregunta para el proveedor.
5. **Antes de cerrar el trimestre:** la gestoría revisa los datos extraídos, clasifica lo que requiere criterio y prepara las declaraciones.

## Dónde ahorra más tiempo la automatización

En un restaurante, las mayores ganancias no están en leer facturas más deprisa, sino en:

- **repartir bien el IVA por tipos**, siempre, en las facturas largas de los mayoristas;
- **detectar duplicados**: la misma factura enviada por correo y entregada en papel;
- **ver a tiempo las facturas que faltan**: un proveedor que ha entregado todo el mes y aún no ha facturado;
- **sacar a la gestoría de la caja de zapatos**: los datos llegan ya estructurados, así que su tiempo se dedica a asesorar y no a teclear.

## Errores frecuentes

- **Quedarse solo con los albaranes.** Un albarán no da derecho a deducir el IVA; la factura sí. Asegúrate de que las entregas de cada mes acaban en una factura.
- **Tickets en lugar de facturas.** Un ticket del cash and carry sin tu NIF no permite deducir el IVA. Pide una factura completa, o una simplificada con tu NIF y domicilio.
- **Papel térmico que se borra.** Los tickets se borran en pocos meses. Fotografíalos el mismo día.
- **Compras personales y del negocio mezcladas.** Sepáralas desde el principio; separarlas después es lento e incierto.

## Qué pedir a tus herramientas

Cuando evalúes un programa para esto, pregunta si lee fotos de papel arrugado además de PDF, si extrae cada tipo de IVA por separado, si lee las retenciones, si marca duplicados y si exporta en un formato que tu gestoría pueda usar. Si además permite a la gestoría ver el documento original junto a cada cifra, desaparece la mayor parte del ir y venir entre restaurante y asesor.

Cuadra se diseñó para ese traspaso: el restaurante (o su gestoría) sube fotos, PDF y facturas electrónicas, Cuadra lee cada tipo de IVA, la retención y el total, comprueba que cuadran y genera el informe trimestral. Uses lo que uses, la rutina anterior hará el trimestre más tranquilo.
`,
};
