import { OpenAPIHono } from '@hono/zod-openapi';
import { AppError } from './errors';
import { authRoutes } from './features/auth/routes';
import { bankRoutes } from './features/bank/routes';
import { localCheckoutRoutes } from './features/checkout/local-checkout';
import { checkoutRoutes, packRoutes, webhookRoutes } from './features/checkout/routes';
import { clientRoutes, invitationRoutes } from './features/clients/routes';
import { publicConfigRoutes } from './features/config/routes';
import { contactRoutes } from './features/contact/routes';
import { creditRoutes } from './features/credits/routes';
import { devMailRoutes } from './features/dev-mail/routes';
import { exportRoutes } from './features/exports/routes';
import { firmRoutes } from './features/firms/routes';
import { formRoutes } from './features/forms/routes';
import { healthRoutes } from './features/health/routes';
import { inboundRoutes, inboundWebhookRoutes } from './features/inbound/routes';
import { invoiceRoutes } from './features/invoices/routes';
import { meRoutes } from './features/me/routes';
import { planRoutes, subscriptionRoutes } from './features/plans/routes';
import { reportRoutes } from './features/reports/routes';
import { reviewRoutes } from './features/review/routes';
import { uploadRoutes } from './features/uploads/routes';
import { renderApiDocs } from './http/api-docs';
import type { AppEnv } from './http/context';
import { handleError, validationHook } from './http/errors';
import { loopbackOnly, sameOriginPosts } from './http/local-only';
import { jsonBodyLimit, requestId, requestLogging, securityHeaders } from './http/middleware';
import { openApiDocument } from './http/openapi-document';
import { rememberRequestOrigin } from './http/public-url';
import { serveWebApp } from './http/static';
import type { Services } from './services';

/** 1 MiB: generous for JSON; file uploads set their own, larger limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

export type AppOptions = {
  /** Whether OCR can run (language data present or native binary); feeds /api/health. */
  ocrReady: () => Promise<boolean>;
  /** The built web app to serve; omitted in API-only tests. */
  webDist?: string;
};

export function createApp(services: Services, options: AppOptions) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.use('*', requestId());
  app.use('*', requestLogging(services.logger));
  app.use('*', rememberRequestOrigin(services.config));
  app.use(
    '*',
    securityHeaders({
      trustProxy: services.config.TRUST_PROXY,
      googleSignIn: Boolean(services.config.GOOGLE_CLIENT_ID),
    }),
  );
  const jsonLimit = jsonBodyLimit(JSON_BODY_LIMIT, () => {
    throw new AppError('PAYLOAD_TOO_LARGE', { maxBytes: JSON_BODY_LIMIT });
  });
  // Uploads and phone photos stream their files under their own per-file limit (uploads/multipart.ts); the
  // inbound mail webhook and bank statements have their own, larger limits (features/inbound, features/bank).
  const ownLimit = (path: string) =>
    path.endsWith('/uploads') ||
    path.endsWith('/photos') ||
    path.endsWith('/bank/statements') ||
    path.startsWith('/api/v1/inbound/');
  app.use('/api/v1/*', (c, next) => (ownLimit(c.req.path) ? next() : jsonLimit(c, next)));

  app.route('/api/health', healthRoutes(services, options.ocrReady));
  app.route('/api/v1/config', publicConfigRoutes(services));
  app.route('/api/v1/auth', authRoutes(services));
  app.route('/api/v1/me', meRoutes(services));
  app.route('/api/v1/clients', clientRoutes(services));
  app.route('/api/v1/invitations', invitationRoutes(services));
  app.route('/api/v1/contact', contactRoutes(services));
  app.route('/api/v1/credits', creditRoutes(services));
  app.route('/api/v1/packs', packRoutes(services));
  app.route('/api/v1/checkout', checkoutRoutes(services));
  app.route('/api/v1', planRoutes(services));
  app.route('/api/v1/subscription', subscriptionRoutes(services));
  app.route('/api/v1/webhooks', webhookRoutes(services));
  app.route('/api/v1', uploadRoutes(services));
  app.route('/api/v1', inboundRoutes(services));
  app.route('/api/v1/inbound', inboundWebhookRoutes(services));
  app.route('/api/v1', invoiceRoutes(services));
  app.route('/api/v1', reportRoutes(services));
  app.route('/api/v1', formRoutes(services));
  app.route('/api/v1', exportRoutes(services));
  app.route('/api/v1', reviewRoutes(services));
  app.route('/api/v1', bankRoutes(services));
  app.route('/api/v1', firmRoutes(services));

  app.get('/api/openapi.json', (c) => c.json(openApiDocument(app, services.config.PUBLIC_URL)));
  app.get('/api/docs', (c) => c.html(renderApiDocs(openApiDocument(app, services.config.PUBLIC_URL))));
  app.all('/api/*', () => {
    throw new AppError('ROUTE_NOT_FOUND');
  });

  // The local stand-ins exist only on a local trial, and even there answer only this machine.
  if (services.config.mode === 'local') {
    app.use('/dev/*', loopbackOnly());
    if (services.mailer.kind === 'outbox') app.route('/dev', devMailRoutes(services));
    if (services.payments.kind === 'local') {
      app.use('/dev/checkout/*', sameOriginPosts());
      app.route('/dev/checkout', localCheckoutRoutes(services));
    }
  }
  // Never the web app's shell either: /dev is the stand-ins' or nobody's.
  app.all('/dev/*', () => {
    throw new AppError('ROUTE_NOT_FOUND');
  });
  if (options.webDist) serveWebApp(app, options.webDist);

  app.onError(handleError(services.logger));
  return app;
}

export type AppType = ReturnType<typeof createApp>;
