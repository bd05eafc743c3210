import type { ArticleContent } from '../article-types';

export const content: ArticleContent = {
  en: `
For most restaurants, supplier invoices are treated as a tax chore: something to hand to the gestoría so that the VAT return is right. That is a waste. Those invoices contain, line by line, the prices you pay for everything that goes on a plate. Read properly, they tell you whether your food cost is under control, which suppliers are raising prices, and which dishes have quietly stopped making money.

This article explains how to use invoice automation for that second purpose, without adding work to the first.

## Food cost in one paragraph

Food cost is the cost of the ingredients used, as a share of food sales. If a month's food purchases (adjusted for changes in stock) are 12,000 euros and food sales are 38,000 euros, food cost is about 32%. Many restaurants aim for a range somewhere around 28–35%, depending on the concept, but the exact target matters less than noticing when it moves. A rise of two or three points, month after month, is a lot of money for a small business, and it usually comes from three sources: supplier price rises, waste, and portions drifting from the recipe.

Invoices can tell you about the first of these directly, and they help you measure the other two.

## Why the line items matter

A typical invoice capture for tax purposes needs only the header: supplier, date, number, bases, VAT and total. For food cost you need the lines: product, quantity, unit, unit price and line total. A wholesale invoice with forty lines contains forty prices, and those prices change more often than most owners notice.

Capturing the lines by hand is where manual processes give up; nobody types forty lines per invoice, every week. This is exactly where automation changes what is possible. A tool that extracts the line items along with the header gives you a price history for every product you buy, at no extra effort.

## Step one: get the lines out of every invoice

Make sure the capture tool you use extracts line items, not just totals, and checks them: the line totals should add up to the taxable base, and each line's quantity times unit price should equal its total. Those two checks catch most reading errors, and they matter because a misread price is worse than no price at all.

Watch out for units. The same product may be invoiced per kilo one week and per box the next, or per unit by one supplier and per dozen by another. Decide on one unit per product in your records, and note the conversion (a box is 5 kg, a tray is 30 eggs) once.

## Step two: build a short list of products that matter

You do not need to track every line. Sort last quarter's purchases by value and take the products that make up most of your spend. In most restaurants, twenty to thirty products account for the large majority of food cost: the main proteins, oil, dairy, a few vegetables, the house wine. Track those closely; let the rest be.

For each of them, record:

- the supplier or suppliers you buy it from;
- the agreed price, if you have one;
- the unit you use;
- the recipes it appears in.

## Step three: watch prices, not just totals

With line items flowing in every week, a simple report tells you, for each tracked product, the price paid on each invoice. Three things are worth an alert:

- **A price above the agreed price.** Sometimes deliberate, often an error in the supplier's system. Either way, it is a conversation worth having the same week.
- **A steady rise over several weeks.** Market prices move; if a product has gone up 10% in a month, check alternatives or adjust the menu before the quarter's results tell you.
- **Different prices for the same product from different suppliers.** Useful when you negotiate.

Most of these alerts are simple comparisons once the data exists. The hard part was always getting the data.

## Step four: connect prices to dishes

A recipe card (escandallo) lists the ingredients of a dish, the quantity of each, and its cost. Most restaurants make recipe cards when they design the menu and never update them. With current prices from the invoices, you can recalculate the cost of every dish as often as you like.

Take a simple example. A dish uses 180 g of a fish that cost 14 euros per kilo when the menu was designed: 2.52 euros of fish. If the invoice price has risen to 17.50 euros per kilo, the same portion now costs 3.15 euros. On a dish sold at 18 euros (about 16.36 euros before the 10% VAT), the fish alone has gone from about 15% to about 19% of the net price. Multiply by the portions sold in a month and the difference becomes visible in the accounts, not just on the recipe card.

With that information, the options are clear: renegotiate, change supplier, adjust the portion or the garnish, or raise the price. Without it, the restaurant simply earns less.

## Step five: catch short deliveries and errors

Line-level data also helps at the back door. When every delivery note is photographed and every invoice is read line by line, the monthly matching between notes and invoices can highlight:

- products invoiced but not on any delivery note;
- quantities invoiced above what was delivered;
- products returned but not credited.

These are small amounts individually, but they recur. A supplier who bills for one box too many a week is billing for more than fifty boxes a year.

## Drinks deserve the same attention

Everything above applies to beverages, often with bigger margins at stake. Wine, beer and spirits are usually invoiced by the bottle, keg or case, at 21% VAT, and their prices change with the distributor's promotions and the seasons. Track the house wine, the draught beer and the best-selling spirits the same way as your main ingredients, and compare the cost per glass or per measure with the menu price. A distributor who quietly ends a discount can move your drinks margin more than any kitchen ingredient.

## What this does not replace

Invoices tell you what you bought and at what price. They do not tell you what you used. For a real food cost figure you still need stock counts, at least monthly: opening stock plus purchases minus closing stock equals consumption. And for waste and portion control, nothing replaces a well-run kitchen. Invoice data makes these conversations concrete; it does not have them for you.

## Keeping the tax side intact

None of this changes the tax side. The same captured invoices feed the quarterly VAT return, with each rate (4%, 10%, 21%) extracted and checked, and the same records are kept for the years required. The point of automating the capture is that one upload serves both purposes: the gestoría gets clean tax data, and the kitchen gets prices.

## A realistic starting point

If this sounds like a lot, start small:

1. For one month, capture every supplier invoice with its lines.
2. At the end of the month, list the ten products you spent most on and their prices across the month.
3. Recalculate the recipe cards of your five best-selling dishes with those prices.

Most owners who do this once find at least one dish that earns noticeably less than they thought, and at least one supplier price that has moved without anyone noticing. That is usually enough to make the habit stick.

## Questions to ask your supplier after the first month

When the data shows a difference, a short, specific conversation works better than a general complaint:

- "The price of this product on your last three invoices is above what we agreed in March. Can you check it?"
- "Three deliveries this month were invoiced with more units than the signed delivery notes show. Can you issue a credit note?"
- "Your competitor is invoicing the same product for less per kilo. Can you match it, or tell us what is different?"

Suppliers respond better to invoice numbers and dates than to impressions, and a restaurant that clearly checks its invoices tends to see fewer errors over time.

## Sharing the numbers with the kitchen

Food cost is decided in the kitchen, not in the office. Once prices are tracked, share a short monthly summary with the head chef: the five products whose prices moved most, the dishes whose cost changed, and any delivery problems. Chefs are usually quick to suggest substitutions or portion adjustments when they see the figures; they rarely see them.

Cuadra extracts line items (description, quantity, unit price and total) along with the header fields, and checks that lines add up to the base and that base and VAT add up to the total. Exported to Excel, those lines are the raw material for the price tracking described here.
`,
  es: `
En la mayoría de los restaurantes, las facturas de proveedores se tratan como un trámite fiscal: algo que se pasa a la gestoría para que el IVA salga bien. Es un desperdicio. Esas facturas contienen, línea a línea, los precios que pagas por todo lo que acaba en un plato. Bien leídas, te dicen si tu food cost está bajo control, qué proveedores están subiendo precios y qué platos han dejado de ganar dinero sin que nadie se dé cuenta.

Este artículo explica cómo usar la automatización de facturas para ese segundo fin, sin añadir trabajo al primero.

## El food cost en un párrafo

El food cost es el coste de los ingredientes consumidos en proporción a las ventas de comida. Si las compras de comida de un mes (ajustadas por la variación de existencias) son 12.000 euros y las ventas de comida 38.000 euros, el food cost ronda el 32%. Muchos restaurantes se mueven en una horquilla de entre el 28% y el 35%, según el concepto, pero el objetivo exacto importa menos que darse cuenta de cuándo se mueve. Una subida de dos o tres puntos, mes tras mes, es mucho dinero para un negocio pequeño, y suele tener tres orígenes: subidas de precio de los proveedores, mermas y raciones que se alejan de la receta.

Las facturas te informan directamente del primero y te ayudan a medir los otros dos.

## Por qué importan las líneas

Para los impuestos basta con capturar la cabecera de la factura: proveedor, fecha, número, bases, IVA y total. Para el food cost necesitas las líneas: producto, cantidad, unidad, precio unitario e importe de la línea. Una factura de un mayorista con cuarenta líneas contiene cuarenta precios, y esos precios cambian más a menudo de lo que la mayoría de los dueños percibe.

Capturar las líneas a mano es donde los procesos manuales se rinden; nadie teclea cuarenta líneas por factura cada semana. Justo ahí la automatización cambia lo que es posible. Una herramienta que extrae las líneas junto con la cabecera te da un histórico de precios de cada producto que compras, sin esfuerzo adicional.

## Primer paso: saca las líneas de cada factura

Asegúrate de que la herramienta de captura extrae las líneas, no solo los totales, y que las comprueba: la suma de las líneas debe dar la base imponible, y en cada línea la cantidad por el precio unitario debe dar su importe. Esas dos comprobaciones detectan la mayoría de los errores de lectura, y son importantes porque un precio mal leído es peor que no tener precio.

Cuidado con las unidades. El mismo producto puede facturarse por kilo una semana y por caja la siguiente, o por unidad en un proveedor y por docena en otro. Decide una unidad por producto en tus registros y anota una vez la conversión (una caja son 5 kg, una bandeja son 30 huevos).

## Segundo paso: haz una lista corta de los productos que importan

No hace falta seguir todas las líneas. Ordena las compras del último trimestre por importe y quédate con los productos que suponen la mayor parte del gasto. En la mayoría de los restaurantes, entre veinte y treinta productos explican casi todo el food cost: las proteínas principales, el aceite, los lácteos, algunas verduras, el vino de la casa. Sigue esos de cerca y deja el resto.

Para cada uno, anota:

- el proveedor o proveedores a los que se lo compras;
- el precio pactado, si lo hay;
- la unidad que usas;
- las recetas en las que aparece.

## Tercer paso: vigila precios, no solo totales

Con las líneas entrando cada semana, un informe sencillo te dice, para cada producto seguido, el precio pagado en cada factura. Tres cosas merecen un aviso:

- **Un precio por encima del pactado.** A veces es deliberado, a menudo es un error en el sistema del proveedor. En cualquier caso, merece una conversación esa misma semana.
- **Una subida sostenida durante varias semanas.** Los precios de mercado se mueven; si un producto ha subido un 10% en un mes, busca alternativas o ajusta la carta antes de que te lo digan los resultados del trimestre.
- **Precios distintos para el mismo producto en distintos proveedores.** Útil cuando negocias.

La mayoría de estos avisos son comparaciones sencillas una vez que existen los datos. Lo difícil siempre fue conseguir los datos.

## Cuarto paso: conecta precios y platos

Un escandallo recoge los ingredientes de un plato, la cantidad de cada uno y su coste. Casi todos los restaurantes hacen escandallos al diseñar la carta y nunca los actualizan. Con los precios actuales sacados de las facturas, puedes recalcular el coste de cada plato tantas veces como quieras.

Un ejemplo sencillo. Un plato lleva 180 g de un pescado que costaba 14 euros el kilo cuando se diseñó la carta: 2,52 euros de pescado. Si el precio en factura ha subido a 17,50 euros el kilo, la misma ración cuesta ahora 3,15 euros. En un plato que se vende a 18 euros (unos 16,36 euros sin el 10% de IVA), solo el pescado ha pasado de alrededor del 15% a alrededor del 19% del precio neto. Multiplica por las raciones vendidas en un mes y la diferencia se ve en la cuenta de resultados, no solo en el escandallo.

Con esa información, las opciones están claras: renegociar, cambiar de proveedor, ajustar la ración o la guarnición, o subir el precio. Sin ella, el restaurante simplemente gana menos.

## Quinto paso: detecta entregas incompletas y errores

Tener los datos por línea también ayuda en la puerta de atrás. Si cada albarán se fotografía y cada factura se lee línea a línea, el cruce mensual entre albaranes y facturas puede destacar:

- productos facturados que no aparecen en ningún albarán;
- cantidades facturadas por encima de lo entregado;
- productos devueltos que no se han abonado.

Son importes pequeños uno a uno, pero se repiten. Un proveedor que factura una caja de más a la semana está facturando más de cincuenta cajas al año.

## Las bebidas merecen la misma atención

Todo lo anterior vale para las bebidas, a menudo con más margen en juego. El vino, la cerveza y los destilados suelen facturarse por botella, barril o caja, al 21% de IVA, y sus precios cambian con las promociones del distribuidor y la temporada. Sigue el vino de la casa, la cerveza de barril y los destilados más vendidos igual que tus ingredientes principales, y compara el coste por copa o por medida con el precio de la carta. Un distribuidor que retira un descuento sin avisar puede mover tu margen de bebidas más que cualquier ingrediente de cocina.

## Lo que esto no sustituye

Las facturas te dicen qué compraste y a qué precio. No te dicen qué consumiste. Para un food cost real sigues necesitando inventarios, al menos mensuales: existencias iniciales más compras menos existencias finales igual a consumo. Y para las mermas y el control de raciones, nada sustituye a una cocina bien llevada. Los datos de las facturas concretan esas conversaciones; no las tienen por ti.

## El lado fiscal, intacto

Nada de esto cambia la parte fiscal. Las mismas facturas capturadas alimentan la declaración trimestral de IVA, con cada tipo (4%, 10%, 21%) extraído y comprobado, y se conservan los mismos registros durante los años exigidos. La gracia de automatizar la captura es que una sola subida sirve para los dos fines: la gestoría recibe datos fiscales limpios y la cocina recibe precios.

## Un punto de partida realista

Si parece mucho, empieza poco a poco:

1. Durante un mes, captura todas las facturas de proveedores con sus líneas.
2. A final de mes, haz una lista de los diez productos en los que más has gastado y sus precios a lo largo del mes.
3. Recalcula los escandallos de tus cinco platos más vendidos con esos precios.

La mayoría de los dueños que lo hacen una vez encuentran al menos un plato que gana bastante menos de lo que creían y al menos un precio de proveedor que se ha movido sin que nadie lo notara. Eso suele bastar para que el hábito se quede.

## Preguntas para tu proveedor después del primer mes

Cuando los datos muestran una diferencia, una conversación breve y concreta funciona mejor que una queja general:

- «El precio de este producto en tus tres últimas facturas está por encima de lo que pactamos en marzo. ¿Puedes revisarlo?»
- «Tres entregas de este mes se han facturado con más unidades de las que figuran en los albaranes firmados. ¿Puedes emitir un abono?»
- «Otro proveedor nos factura el mismo producto más barato por kilo. ¿Puedes igualarlo o explicarnos qué cambia?»

Los proveedores responden mejor a números de factura y fechas que a impresiones, y un restaurante que revisa sus facturas con claridad suele ver menos errores con el tiempo.

## Compartir las cifras con la cocina

El food cost se decide en la cocina, no en la oficina. Cuando sigas los precios, comparte cada mes un resumen corto con el jefe de cocina: los cinco productos cuyo precio más se ha movido, los platos cuyo coste ha cambiado y los problemas de entrega. Los cocineros suelen proponer enseguida sustituciones o ajustes de ración cuando ven las cifras; lo raro es que las vean.

Cuadra extrae las líneas (descripción, cantidad, precio unitario e importe) junto con los campos de la cabecera, y comprueba que las líneas suman la base y que la base y el IVA suman el total. Exportadas a Excel, esas líneas son la materia prima del seguimiento de precios que describe este artículo.
`,
};
