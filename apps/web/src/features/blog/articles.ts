import type { ArticleSlug } from '../../lib/seo/article-slugs';
import type { ArticleMeta } from './article-types';

/**
 * The articles' catalogue data (index, metadata, structured data). Texts live in content/<slug>.ts.
 * `readTime` is checked against the text by articles.test.ts.
 */
export const ARTICLES: readonly ArticleMeta[] = [
  {
    slug: 'how-to-automate-invoice-processing',
    publishedAt: '2025-07-29',
    modifiedAt: '2026-01-20',
    kind: 'howto',
    title: {
      en: 'How to Automate Invoice Processing in Seven Steps',
      es: 'Cómo automatizar el proceso de facturas en siete pasos',
    },
    excerpt: {
      en: 'A practical, step-by-step plan for Spanish firms and freelancers: gather every invoice in one place, capture the data, check it, and get the VAT and IRPF figures out without retyping.',
      es: 'Un plan práctico, paso a paso, para despachos y autónomos: reunir todas las facturas en un sitio, capturar los datos, comprobarlos y sacar las cifras de IVA e IRPF sin volver a teclear.',
    },
    keywords: {
      en: [
        'invoice processing automation',
        'automate invoices Spain',
        'invoice OCR',
        'Modelo 303',
        'accounts payable',
      ],
      es: ['automatizar facturas', 'proceso de facturas', 'OCR de facturas', 'Modelo 303', 'cuentas a pagar'],
    },
    tags: {
      en: ['Automation', 'How-to', 'VAT', 'Accountants'],
      es: ['Automatización', 'Guía', 'IVA', 'Asesorías'],
    },
    readTime: { en: 8, es: 9 },
  },
  {
    slug: 'how-to-automate-invoices',
    publishedAt: '2025-07-29',
    modifiedAt: '2026-01-20',
    kind: 'howto',
    title: {
      en: 'How to Automate Your Invoices Under VeriFactu and E-invoicing',
      es: 'Cómo automatizar tus facturas con VeriFactu y la factura electrónica',
    },
    excerpt: {
      en: 'What VeriFactu and the B2B e-invoicing law change for the invoices you issue and receive, and a step-by-step way to automate both sides without breaking the rules.',
      es: 'Qué cambian VeriFactu y la ley de factura electrónica entre empresas en las facturas que emites y recibes, y un método paso a paso para automatizar ambos lados sin saltarte las normas.',
    },
    keywords: {
      en: ['VeriFactu', 'e-invoicing Spain', 'Facturae', 'Crea y Crece', 'invoice requirements Spain'],
      es: ['VeriFactu', 'factura electrónica', 'Facturae', 'Ley Crea y Crece', 'requisitos de una factura'],
    },
    tags: {
      en: ['E-invoicing', 'VeriFactu', 'How-to', 'Compliance'],
      es: ['Factura electrónica', 'VeriFactu', 'Guía', 'Cumplimiento'],
    },
    readTime: { en: 8, es: 8 },
  },
  {
    slug: 'invoice-processing-automation',
    publishedAt: '2025-07-29',
    modifiedAt: '2026-01-20',
    kind: 'posting',
    title: {
      en: 'Invoice Processing Automation: What It Costs and Where It Pays Off',
      es: 'Automatización del proceso de facturas: cuánto cuesta y dónde compensa',
    },
    excerpt: {
      en: 'How to work out what a manually processed invoice really costs your firm, what automation changes in the quarterly cycle of Modelo 303 and Modelo 130, and when it is not worth it.',
      es: 'Cómo calcular lo que cuesta de verdad a tu despacho una factura procesada a mano, qué cambia la automatización en el ciclo trimestral del Modelo 303 y del 130, y cuándo no compensa.',
    },
    keywords: {
      en: [
        'invoice processing cost',
        'invoice automation ROI',
        'Modelo 130',
        'Modelo 303',
        'gestoría productivity',
      ],
      es: [
        'coste de procesar facturas',
        'rentabilidad automatización',
        'Modelo 130',
        'Modelo 303',
        'productividad gestoría',
      ],
    },
    tags: {
      en: ['Automation', 'IRPF', 'VAT', 'Accountants'],
      es: ['Automatización', 'IRPF', 'IVA', 'Asesorías'],
    },
    readTime: { en: 7, es: 8 },
  },
  {
    slug: 'automated-invoice-management-restaurant',
    publishedAt: '2025-07-29',
    modifiedAt: '2026-01-20',
    kind: 'posting',
    title: {
      en: 'Automated Invoice Management for Restaurants',
      es: 'Gestión automatizada de facturas para restaurantes',
    },
    excerpt: {
      en: 'Who does what between the restaurant and its gestoría, which VAT rates show up on a restaurant’s invoices, what to do about rent withholding, and how automation keeps the quarter under control.',
      es: 'Quién hace qué entre el restaurante y su gestoría, qué tipos de IVA aparecen en sus facturas, qué hacer con la retención del alquiler y cómo la automatización mantiene el trimestre bajo control.',
    },
    keywords: {
      en: [
        'restaurant invoice management',
        'restaurant VAT Spain',
        'Modelo 115',
        'hospitality accounting',
        'supplier invoices',
      ],
      es: [
        'gestión de facturas restaurante',
        'IVA hostelería',
        'Modelo 115',
        'contabilidad hostelería',
        'facturas de proveedores',
      ],
    },
    tags: {
      en: ['Restaurants', 'VAT', 'Automation'],
      es: ['Restauración', 'IVA', 'Automatización'],
    },
    readTime: { en: 7, es: 8 },
  },
  {
    slug: 'invoice-processing-for-restaurant',
    publishedAt: '2025-07-29',
    modifiedAt: '2026-01-20',
    kind: 'posting',
    title: {
      en: 'Invoice Processing for Restaurants: A Weekly Routine That Works',
      es: 'Facturas en un restaurante: una rutina semanal que funciona',
    },
    excerpt: {
      en: 'A daily, weekly, monthly and quarterly routine for a restaurant’s supplier invoices and delivery notes, so nothing is missing when the gestoría prepares the VAT return.',
      es: 'Una rutina diaria, semanal, mensual y trimestral para las facturas y albaranes de proveedores de un restaurante, para que no falte nada cuando la gestoría prepare el IVA.',
    },
    keywords: {
      en: [
        'restaurant invoice processing',
        'delivery notes',
        'albaranes',
        'restaurant bookkeeping',
        'VAT return restaurant',
      ],
      es: [
        'procesar facturas restaurante',
        'albaranes',
        'contabilidad restaurante',
        'rutina administrativa',
        'IVA restaurante',
      ],
    },
    tags: {
      en: ['Restaurants', 'Routine', 'Bookkeeping'],
      es: ['Restauración', 'Rutina', 'Contabilidad'],
    },
    readTime: { en: 7, es: 8 },
  },
  {
    slug: 'restaurant-invoice-automation',
    publishedAt: '2025-07-29',
    modifiedAt: '2026-01-20',
    kind: 'posting',
    title: {
      en: 'Restaurant Invoice Automation: Keep Food Cost in Check',
      es: 'Automatizar las facturas del restaurante para controlar el food cost',
    },
    excerpt: {
      en: 'Supplier invoices hold the line-by-line prices that decide your food cost. How to use extracted line items to spot price rises, short deliveries and menu dishes that no longer pay.',
      es: 'Las facturas de proveedores guardan, línea a línea, los precios que deciden tu food cost. Cómo usar las líneas extraídas para detectar subidas de precio, entregas incompletas y platos que ya no salen a cuenta.',
    },
    keywords: {
      en: [
        'restaurant food cost',
        'supplier price tracking',
        'restaurant invoice automation',
        'menu costing',
        'line items',
      ],
      es: [
        'food cost restaurante',
        'control de precios de proveedores',
        'automatizar facturas restaurante',
        'escandallo',
        'líneas de factura',
      ],
    },
    tags: {
      en: ['Restaurants', 'Food cost', 'Automation'],
      es: ['Restauración', 'Food cost', 'Automatización'],
    },
    readTime: { en: 7, es: 8 },
  },
  {
    slug: 'restaurant-invoice-processing-software',
    publishedAt: '2025-09-16',
    modifiedAt: '2026-01-20',
    kind: 'posting',
    title: {
      en: 'Choosing Restaurant Invoice Processing Software: A Checklist',
      es: 'Cómo elegir un programa para procesar las facturas del restaurante',
    },
    excerpt: {
      en: 'Twelve questions to ask before you choose software for a restaurant’s invoices: formats, Spanish VAT rates, tax ID checks, simplified invoices, exports for the gestoría, data retention and pricing.',
      es: 'Doce preguntas antes de elegir un programa para las facturas del restaurante: formatos, tipos de IVA, comprobación de NIF, facturas simplificadas, exportación para la gestoría, conservación de datos y precio.',
    },
    keywords: {
      en: [
        'restaurant invoice software',
        'invoice processing software Spain',
        'software checklist',
        'simplified invoices',
        'gestoría export',
      ],
      es: [
        'programa facturas restaurante',
        'software de facturas',
        'checklist software',
        'facturas simplificadas',
        'exportación gestoría',
      ],
    },
    tags: {
      en: ['Restaurants', 'Software', 'Buying guide'],
      es: ['Restauración', 'Software', 'Guía de compra'],
    },
    readTime: { en: 7, es: 8 },
  },
  {
    slug: 'restaurant-invoice-scanning-software',
    publishedAt: '2025-09-16',
    modifiedAt: '2026-01-20',
    kind: 'posting',
    title: {
      en: 'Restaurant Invoice Scanning: Photos, Tickets and Paper You Can (Not) Throw Away',
      es: 'Escanear facturas en el restaurante: fotos, tickets y el papel que (no) puedes tirar',
    },
    excerpt: {
      en: 'How to photograph and scan supplier invoices and till receipts so they read well, why thermal tickets need a digital copy, and when Spanish rules let you destroy the paper originals.',
      es: 'Cómo fotografiar y escanear facturas de proveedores y tickets para que se lean bien, por qué los tickets térmicos necesitan copia digital y cuándo permiten las normas destruir los originales en papel.',
    },
    keywords: {
      en: [
        'invoice scanning restaurant',
        'receipt photos',
        'certified digitisation Spain',
        'thermal receipts',
        'invoice OCR',
      ],
      es: [
        'escanear facturas restaurante',
        'fotos de tickets',
        'digitalización certificada',
        'tickets térmicos',
        'OCR de facturas',
      ],
    },
    tags: {
      en: ['Restaurants', 'Scanning', 'Record keeping'],
      es: ['Restauración', 'Escaneo', 'Conservación'],
    },
    readTime: { en: 7, es: 8 },
  },
  {
    slug: 'retail-invoice-automation',
    publishedAt: '2025-09-16',
    modifiedAt: '2026-01-20',
    kind: 'posting',
    title: {
      en: 'Retail Invoice Automation and the Equivalence Surcharge',
      es: 'Automatizar las facturas de una tienda y el recargo de equivalencia',
    },
    excerpt: {
      en: 'Small shops in Spain often fall under the recargo de equivalencia. What that means for the invoices they receive, what to check on each one, and how automation handles it.',
      es: 'Muchas tiendas pequeñas tributan en recargo de equivalencia. Qué significa para las facturas que reciben, qué comprobar en cada una y cómo lo resuelve la automatización.',
    },
    keywords: {
      en: [
        'retail invoice automation',
        'recargo de equivalencia',
        'equivalence surcharge Spain',
        'shop VAT',
        'supplier invoices retail',
      ],
      es: [
        'automatizar facturas tienda',
        'recargo de equivalencia',
        'IVA comercio minorista',
        'facturas de proveedores',
        'comercio',
      ],
    },
    tags: {
      en: ['Retail', 'VAT', 'Automation'],
      es: ['Comercio', 'IVA', 'Automatización'],
    },
    readTime: { en: 7, es: 8 },
  },
  {
    slug: 'retail-invoice-processing-software',
    publishedAt: '2025-09-16',
    modifiedAt: '2026-01-20',
    kind: 'posting',
    title: {
      en: 'Retail Invoice Processing Software: Credit Notes, Returns and Many Suppliers',
      es: 'Software de facturas para el comercio: rectificativas, devoluciones y muchos proveedores',
    },
    excerpt: {
      en: 'What a shop or small chain needs from invoice software: many suppliers, corrective invoices for returns, simplified invoices, several stores, and clean exports for the quarterly VAT return.',
      es: 'Lo que una tienda o una pequeña cadena necesita de un programa de facturas: muchos proveedores, facturas rectificativas por devoluciones, simplificadas, varias tiendas y exportaciones limpias para el IVA trimestral.',
    },
    keywords: {
      en: [
        'retail invoice software',
        'corrective invoices',
        'credit notes Spain',
        'multi-store bookkeeping',
        'VAT return retail',
      ],
      es: [
        'software facturas comercio',
        'facturas rectificativas',
        'devoluciones',
        'varias tiendas',
        'IVA trimestral comercio',
      ],
    },
    tags: {
      en: ['Retail', 'Software', 'Credit notes'],
      es: ['Comercio', 'Software', 'Rectificativas'],
    },
    readTime: { en: 7, es: 8 },
  },
];

export const ARTICLE_BY_SLUG = Object.fromEntries(
  ARTICLES.map((article) => [article.slug, article]),
) as Record<ArticleSlug, ArticleMeta>;
