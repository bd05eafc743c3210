import type { ArticleContent } from '../article-types';

export const content: ArticleContent = {
  en: `
A small shop looks simple from the outside: buy goods, sell them, keep the margin. Its paperwork is less simple. A clothing store, a hardware shop or a grocery receives invoices from dozens of suppliers, often with many lines each, and many small retailers in Spain fall under a special VAT scheme, the **recargo de equivalencia** (equivalence surcharge), that changes what those invoices should look like. Automating the invoices of a shop means understanding that scheme first.

## What the equivalence surcharge is

The recargo de equivalencia is a special VAT regime designed to spare small retailers the work of VAT returns. Instead of charging VAT to customers, deducting VAT on purchases and settling the difference every quarter, the retailer pays an extra surcharge to its suppliers on every purchase. The supplier collects that surcharge together with the VAT and pays both to the Tax Agency. The retailer then sells to customers with VAT included in the price and, for the activity under the regime, does not file the quarterly VAT return (Modelo 303) at all.

In broad terms, the regime applies compulsorily to retailers who:

- are individuals (sole traders) or entities such as comunidades de bienes, not companies (a sociedad limitada cannot be under the regime);
- sell goods without transforming them;
- make most of their sales (more than 80% in the previous year) to final consumers.

Some goods are excluded (cars, jewellery, industrial machinery and a few others), and the details have exceptions, so confirm your situation with your adviser. But if you run a shop as a sole trader, there is a good chance you are under it.

## The rates

The surcharge depends on the VAT rate of each product:

- goods at the general 21% VAT rate: surcharge of 5.2%;
- goods at the reduced 10% rate: surcharge of 1.4%;
- goods at the super-reduced 4% rate: surcharge of 0.5%;
- tobacco: 1.75%.

So a supplier invoice for 1,000 euros of goods at 21% shows a base of 1,000 euros, VAT of 210 euros, a surcharge of 52 euros, and a total of 1,262 euros. A mixed invoice from a grocery wholesaler might have three bases, three VAT amounts and three surcharges.

## Why this matters for automation

For a retailer under the regime, the surcharge is a real cost, and its absence is an error the supplier must correct. For a business that is *not* under the regime, a surcharge charged by mistake is money paid for nothing. Either way, the surcharge must be captured as its own field, not folded into the VAT or the total.

A capture tool that does not understand the recargo will typically do one of two wrong things: read the surcharge as VAT (so the VAT looks wrong against the base), or ignore it (so base plus VAT does not equal the total and the invoice is flagged for no clear reason). A tool that does understand it extracts the surcharge per rate, checks that base × surcharge rate equals the surcharge amount, and checks that base plus VAT plus surcharge equals the total.

## What to check on every supplier invoice

If you are under the regime:

- **The surcharge is there**, at the right rate for each VAT rate on the invoice. A missing surcharge means the supplier does not have you registered correctly. Tell them; the supplier is responsible for charging it.
- **Your details are right**: name, NIF and address. The supplier needs your NIF to know you are under the regime.
- **The arithmetic adds up**, rate by rate.

If you are *not* under the regime (for example, a shop run through a company):

- **No surcharge appears.** If one does, ask the supplier for a corrective invoice. You cannot deduct a surcharge.

## What changes, and what does not, for the retailer

Being under the regime removes the quarterly VAT return for the regime's activity, but it does not remove paperwork altogether:

- You still need to keep every supplier invoice, as proof of the surcharge paid and for your income tax.
- If you are in direct estimation for income tax, you still file the quarterly IRPF instalment (Modelo 130), and the supplier invoices are your main expense records.
- Purchases from other EU countries or imports are different: there is no Spanish supplier to charge the surcharge, so the retailer pays the VAT and the surcharge to the Tax Agency directly (with Modelo 309).
- The annual declaration of operations with third parties (Modelo 347) still applies if you buy more than 3,005.06 euros a year from a supplier.
- Your sales are made with tickets (simplified invoices), or with full invoices when a business customer asks for one.

## A routine for a small shop

Most shops can work with a simple routine:

1. **On delivery**, check the goods against the delivery note and photograph it.
2. **When the invoice arrives**, upload it the same day, whether it is a PDF by email or paper.
3. **Once a week**, review what the capture tool flagged: a missing surcharge, a wrong rate, a total that does not add up, a duplicate.
4. **Once a month**, match delivery notes, invoices and bank payments to suppliers.
5. **Once a quarter**, hand the data to your gestoría for the IRPF instalment and any other returns.

The weekly check is where the surcharge problems are caught. A supplier that forgets the surcharge once usually forgets it every time, and a quick message fixes all the future invoices.

## The surcharge in your prices and margins

Because a retailer under the regime cannot deduct the VAT or the surcharge on purchases, both are part of the real cost of each product. That has a direct effect on pricing, and it is easy to get wrong if purchase costs are taken from the base alone.

Take a product bought for 10 euros before tax, at 21% VAT. The retailer pays 10 euros plus 2.10 euros of VAT plus 0.52 euros of surcharge: 12.62 euros. If it sells for 25 euros including VAT, the sale price without VAT is about 20.66 euros, but the VAT charged to the customer is not declared by the retailer under the regime, so the retailer keeps the full 25 euros. The gross margin on that product is therefore 25 minus 12.62, or 12.38 euros, not the 10.66 euros that a calculation based on net prices would suggest, nor the 15 euros that comparing 25 with the base of 10 would suggest.

Getting this right for hundreds of references is only practical when purchase prices come straight from the invoices, line by line, with the VAT and surcharge rates attached. That is one more reason to capture line items, not only totals.

## Returns and credit notes

Shops return goods more often than most businesses: wrong sizes, damaged items, unsold seasonal stock. Each return should come back from the supplier as a corrective invoice (factura rectificativa) that refers to the original invoice and reverses the base, the VAT and, if you are under the regime, the surcharge. Capture it like any other invoice. A tool that recognises corrective invoices and links them to the originals saves a lot of searching when a supplier's balance does not match.

## Mistakes that are common in retail

- **Registering with suppliers incorrectly**, so some charge the surcharge and others do not.
- **Mixing personal and business purchases**, especially in small family shops.
- **Losing till receipts** for small purchases that support expenses.
- **Forgetting intra-community purchases**, for example from online wholesalers in other EU countries, that require the retailer to settle the VAT and surcharge themselves.
- **Keeping only the supplier's monthly statement** and not the individual invoices.

## Where automation helps most in a shop

Retail invoices tend to be long: a clothing wholesaler lists each reference, size and colour; a grocery distributor lists every product. The value of automation in a shop is less about reading the header and more about:

- extracting bases, VAT and surcharge per rate without errors;
- checking that the surcharge is present and correct;
- keeping line items, so that purchase prices per product can be compared with sale prices;
- producing a clean record for the income tax instalment and the annual summaries.

## A quick test for your current process

Take last month's supplier invoices and answer three questions: how many of them carry the surcharge, how many should, and how long it took to find out. If the first two numbers differ, or the third is longer than a few minutes, the process is worth automating.

Cuadra reads the recargo de equivalencia as its own field for each VAT rate, checks it against the base, and flags invoices where the total does not add up. Combined with the weekly routine above, it keeps a shop's supplier invoices ready for the gestoría without retyping.
`,
  es: `
Una tienda pequeña parece sencilla desde fuera: comprar mercancía, venderla y quedarse con el margen. Su papeleo lo es menos. Una tienda de ropa, una ferretería o una tienda de alimentación recibe facturas de decenas de proveedores, a menudo con muchas líneas cada una, y muchos comerciantes minoristas en España están en un régimen especial de IVA, el **recargo de equivalencia**, que cambia cómo deben ser esas facturas. Automatizar las facturas de una tienda exige entender primero ese régimen.

## Qué es el recargo de equivalencia

El recargo de equivalencia es un régimen especial del IVA pensado para ahorrar a los pequeños minoristas el trabajo de las declaraciones de IVA. En lugar de repercutir IVA a los clientes, deducir el IVA de las compras y liquidar la diferencia cada trimestre, el minorista paga un recargo adicional a sus proveedores en cada compra. El proveedor cobra ese recargo junto con el IVA e ingresa ambos en Hacienda. El minorista vende después a sus clientes con el IVA incluido en el precio y, por la actividad sometida al régimen, no presenta la declaración trimestral de IVA (Modelo 303).

A grandes rasgos, el régimen se aplica de forma obligatoria a los minoristas que:

- son personas físicas (autónomos) o entidades como las comunidades de bienes, no sociedades (una sociedad limitada no puede estar en el régimen);
- venden bienes sin transformarlos;
- realizan la mayor parte de sus ventas (más del 80% en el año anterior) a consumidores finales.

Algunos bienes están excluidos (vehículos, joyería, maquinaria industrial y algunos más), y los detalles tienen excepciones, así que confirma tu situación con tu asesor. Pero si llevas una tienda como autónomo, es muy probable que estés en él.

## Los tipos

El recargo depende del tipo de IVA de cada producto:

- bienes al tipo general del 21%: recargo del 5,2%;
- bienes al tipo reducido del 10%: recargo del 1,4%;
- bienes al tipo superreducido del 4%: recargo del 0,5%;
- tabaco: 1,75%.

Así, una factura de proveedor por 1.000 euros de mercancía al 21% muestra una base de 1.000 euros, un IVA de 210 euros, un recargo de 52 euros y un total de 1.262 euros. Una factura mixta de un mayorista de alimentación puede tener tres bases, tres cuotas de IVA y tres recargos.

## Por qué importa para la automatización

Para un minorista en el régimen, el recargo es un coste real, y su ausencia es un error que el proveedor debe corregir. Para un negocio que *no* está en el régimen, un recargo cobrado por error es dinero pagado a cambio de nada. En ambos casos, el recargo debe capturarse como un campo propio, no mezclado con el IVA ni con el total.

Una herramienta de captura que no entiende el recargo suele hacer una de estas dos cosas mal: leer el recargo como IVA (con lo que el IVA no cuadra con la base) o ignorarlo (con lo que base más IVA no da el total y la factura queda marcada sin un motivo claro). Una herramienta que sí lo entiende extrae el recargo por tipo, comprueba que base × tipo de recargo da el importe del recargo y que base más IVA más recargo da el total.

## Qué comprobar en cada factura de proveedor

Si estás en el régimen:

- **Que el recargo aparece**, al tipo correcto para cada tipo de IVA de la factura. Si falta, el proveedor no te tiene bien dado de alta. Avísale; el responsable de repercutirlo es él.
- **Que tus datos son correctos**: nombre, NIF y domicilio. El proveedor necesita tu NIF para saber que estás en el régimen.
- **Que las cuentas cuadran**, tipo a tipo.

Si *no* estás en el régimen (por ejemplo, una tienda que funciona a través de una sociedad):

- **Que no aparece ningún recargo.** Si aparece, pide una factura rectificativa. Un recargo no se puede deducir.

## Qué cambia, y qué no, para el minorista

Estar en el régimen elimina la declaración trimestral de IVA por la actividad acogida, pero no elimina el papeleo:

- Sigues necesitando conservar todas las facturas de proveedores, como prueba del recargo pagado y para tu impuesto sobre la renta.
- Si estás en estimación directa en el IRPF, sigues presentando el pago fraccionado trimestral (Modelo 130), y las facturas de proveedores son tu principal registro de gastos.
- Las compras a otros países de la UE y las importaciones son distintas: no hay un proveedor español que cobre el recargo, así que el minorista ingresa directamente en Hacienda el IVA y el recargo (con el Modelo 309).
- La declaración anual de operaciones con terceros (Modelo 347) sigue aplicándose si compras más de 3.005,06 euros al año a un proveedor.
- Tus ventas se hacen con tickets (facturas simplificadas), o con facturas completas cuando un cliente empresa las pide.

## Una rutina para una tienda pequeña

La mayoría de las tiendas pueden funcionar con una rutina sencilla:

1. **En la entrega**, comprueba la mercancía contra el albarán y fotografíalo.
2. **Cuando llega la factura**, súbela el mismo día, sea un PDF por correo o papel.
3. **Una vez por semana**, revisa lo que ha marcado la herramienta de captura: un recargo que falta, un tipo equivocado, un total que no cuadra, un duplicado.
4. **Una vez al mes**, cruza albaranes, facturas y pagos a proveedores en el banco.
5. **Una vez por trimestre**, pasa los datos a tu gestoría para el pago fraccionado del IRPF y las demás declaraciones.

La revisión semanal es donde se detectan los problemas del recargo. Un proveedor que olvida el recargo una vez suele olvidarlo siempre, y un mensaje rápido corrige todas las facturas futuras.

## El recargo en tus precios y márgenes

Como un minorista en el régimen no puede deducir el IVA ni el recargo de sus compras, ambos forman parte del coste real de cada producto. Eso afecta directamente a los precios, y es fácil equivocarse si el coste de compra se toma solo de la base.

Pensemos en un producto comprado por 10 euros sin impuestos, al 21% de IVA. El minorista paga 10 euros más 2,10 euros de IVA más 0,52 euros de recargo: 12,62 euros. Si lo vende por 25 euros con IVA incluido, el precio sin IVA ronda los 20,66 euros, pero en el régimen el minorista no declara el IVA cobrado al cliente, así que se queda los 25 euros completos. El margen bruto de ese producto es, por tanto, 25 menos 12,62, es decir, 12,38 euros; no los 10,66 euros que daría un cálculo con precios netos, ni los 15 euros que saldrían de comparar 25 con la base de 10.

Hacer bien esta cuenta para cientos de referencias solo es práctico cuando los precios de compra salen directamente de las facturas, línea a línea, con los tipos de IVA y de recargo asociados. Es un motivo más para capturar las líneas y no solo los totales.

## Devoluciones y abonos

Las tiendas devuelven mercancía más que la mayoría de los negocios: tallas equivocadas, artículos dañados, stock de temporada sin vender. Cada devolución debe volver del proveedor como una factura rectificativa que haga referencia a la original y revierta la base, el IVA y, si estás en el régimen, el recargo. Captúrala como cualquier otra factura. Una herramienta que reconoce las rectificativas y las vincula a las originales ahorra mucho tiempo de búsqueda cuando el saldo de un proveedor no cuadra.

## Errores frecuentes en el comercio

- **Darse de alta mal con los proveedores**, de modo que unos cobran el recargo y otros no.
- **Mezclar compras personales y del negocio**, sobre todo en pequeñas tiendas familiares.
- **Perder los tickets** de pequeñas compras que justifican gastos.
- **Olvidar las compras intracomunitarias**, por ejemplo a mayoristas en línea de otros países de la UE, que obligan al minorista a liquidar él mismo el IVA y el recargo.
- **Guardar solo el extracto mensual del proveedor** y no las facturas individuales.

## Dónde ayuda más la automatización en una tienda

Las facturas del comercio suelen ser largas: un mayorista de ropa detalla cada referencia, talla y color; un distribuidor de alimentación, cada producto. El valor de la automatización en una tienda no está tanto en leer la cabecera como en:

- extraer las bases, el IVA y el recargo por tipo sin errores;
- comprobar que el recargo está y es correcto;
- conservar las líneas, para comparar el precio de compra de cada producto con su precio de venta;
- generar un registro limpio para el pago fraccionado del IRPF y los resúmenes anuales.

## Una prueba rápida de tu proceso actual

Toma las facturas de proveedores del mes pasado y responde a tres preguntas: cuántas llevan recargo, cuántas deberían llevarlo y cuánto has tardado en averiguarlo. Si las dos primeras cifras no coinciden, o la tercera pasa de unos minutos, merece la pena automatizar el proceso.

Cuadra lee el recargo de equivalencia como un campo propio para cada tipo de IVA, lo comprueba contra la base y marca las facturas cuyo total no cuadra. Junto con la rutina semanal anterior, mantiene las facturas de proveedores de una tienda listas para la gestoría sin volver a teclear.
`,
};
