import { FormIdSchema, FormQuerySchema, FormResultSchema } from '@cuadra/shared';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { type AuthEnv, requireAuth } from '../../access/session';
import { AppError } from '../../errors';
import { validationHook } from '../../http/errors';
import { bearer, errorResponse, json } from '../../http/openapi';
import type { Services } from '../../services';
import { viaOfRequest } from '../history';
import { getForm, markFormGenerated } from './service';

const formRoute = createRoute({
  method: 'get',
  path: '/clients/{clientId}/forms/{form}',
  tags: ['forms'],
  summary:
    'An AEAT form (303, 130, 111, 115, 347, 349, 390, 202) for a period (1T–4T, 0A; 202: 1P–3P) as its boxes, ' +
    'with the reviewed invoices behind each box',
  security: bearer,
  request: {
    params: z.object({ clientId: z.string().max(64), form: z.string().max(8) }),
    query: FormQuerySchema,
  },
  responses: {
    200: json(FormResultSchema, 'Boxes (AEAT number → cents, or a count), invoices per box, warnings'),
    400: errorResponse('VALIDATION_FAILED, FORM_PERIOD_INVALID'),
    404: errorResponse('CLIENT_NOT_FOUND, FORM_NOT_FOUND'),
    422: errorResponse(
      'The form does not apply to the client: FORM_INDIVIDUALS_ONLY, FORM_COMPANIES_ONLY, FORM_FORAL_TERRITORY, ' +
        'FORM_CANARIAS_IGIC, FORM_CEUTA_MELILLA_IPSI, FORM_VAT_EXEMPT',
    ),
  },
});

const generatedRoute = createRoute({
  method: 'post',
  path: '/clients/{clientId}/forms/{form}/generated',
  tags: ['forms'],
  summary:
    'Records that the caller generated the form for the period (to file it); later changes to its invoices ' +
    'are then listed under `generation.changedAfter`, with who made them',
  security: bearer,
  request: {
    params: z.object({ clientId: z.string().max(64), form: z.string().max(8) }),
    query: FormQuerySchema,
  },
  responses: {
    200: json(FormResultSchema, 'The form as generated, with `generation` set'),
    400: errorResponse('VALIDATION_FAILED, FORM_PERIOD_INVALID'),
    403: errorResponse('ROLE_READ_ONLY'),
    404: errorResponse('CLIENT_NOT_FOUND, FORM_NOT_FOUND'),
    422: errorResponse('The form does not apply to the client (as for GET)'),
  },
});

function formIdOrThrow(form: string) {
  const formId = FormIdSchema.safeParse(form);
  if (!formId.success) throw new AppError('FORM_NOT_FOUND');
  return formId.data;
}

export function formRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.use('/clients/:clientId/forms/*', requireAuth(services));
  return router
    .openapi(formRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      const { clientId, form } = c.req.valid('param');
      const { year, period } = c.req.valid('query');
      return c.json(await getForm(services, c.get('user'), clientId, formIdOrThrow(form), year, period), 200);
    })
    .openapi(generatedRoute, async (c) => {
      const { clientId, form } = c.req.valid('param');
      const { year, period } = c.req.valid('query');
      const via = viaOfRequest(c.req.header('X-Cuadra-Via'));
      const result = await markFormGenerated(
        services,
        c.get('user'),
        via,
        clientId,
        formIdOrThrow(form),
        year,
        period,
      );
      return c.json(result, 200);
    });
}
