import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type FakeSession = {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  mode?: string;
  subscription?: string | null;
  customer?: string | null;
};

export type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  start_date: number;
  items: {
    object: 'list';
    data: {
      id: string;
      current_period_start: number;
      current_period_end: number;
      /** The item's price as last set (`price_data`): what the next renewal bills. */
      price?: { unit_amount: number; recurring: { interval: string } };
    }[];
  };
  trial_end?: number | null;
  metadata: Record<string, string>;
};

export type FakeInvoice = {
  id: string;
  object: 'invoice';
  status: string;
  billing_reason: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
  lines: { object: 'list'; data: { id: string; period: { start: number; end: number } }[] };
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Stripe's API at the HTTP boundary, on loopback: creates and returns Checkout Sessions, so the real
 * `stripe` client and our code run unchanged. Tests flip `payment_status` to play the customer's part.
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const created: { params: URLSearchParams; idempotencyKey: string | undefined }[] = [];
  /** Other calls that change something: coupons, products, subscription updates, portal sessions. */
  const calls: {
    method: string;
    path: string;
    params: URLSearchParams;
    idempotencyKey: string | undefined;
  }[] = [];
  const products = new Set<string>();
  /** Charges Stripe makes on its own on the saved card (not through a Checkout Session). */
  const charged: { subscription: string; amountCents: number; reason: string }[] = [];
  let next = 0;
  let failNextCreate = false;

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => resolve(body));
    });

  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      const params = new URLSearchParams(await readBody(req));
      created.push({ params, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      if (failNextCreate) {
        failNextCreate = false;
        return send(400, { error: { type: 'invalid_request_error', message: 'No such thing' } });
      }
      const id = `cs_test_${++next}`;
      const metadata = metadataOf(params, 'metadata');
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        metadata,
        amount_total: Number(params.get('line_items[0][price_data][unit_amount]')),
        currency: params.get('line_items[0][price_data][currency]') ?? '',
        mode: params.get('mode') ?? 'payment',
        subscription: null,
        customer: params.get('customer'),
      };
      sessions.set(id, session);
      return send(200, session);
    }
    const url = req.url ?? '';
    if (req.method === 'POST' && url !== '/v1/checkout/sessions') {
      const params = new URLSearchParams(await readBody(req));
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      calls.push({ method: 'POST', path: url, params, idempotencyKey });
      if (url === '/v1/coupons') return send(200, { id: `co_${++next}`, object: 'coupon' });
      if (url === '/v1/products') {
        const id = params.get('id') ?? `prod_${++next}`;
        if (products.has(id))
          return send(400, {
            error: { type: 'invalid_request_error', code: 'resource_already_exists', message: 'exists' },
          });
        products.add(id);
        return send(200, { id, object: 'product' });
      }
      if (url === '/v1/billing_portal/sessions')
        return send(200, {
          id: `bps_${++next}`,
          url: `https://billing.stripe.test/p/${params.get('customer')}`,
        });
      const sub = /^\/v1\/subscriptions\/(\w+)$/.exec(url);
      const subscription = sub?.[1] ? subscriptions.get(sub[1]) : undefined;
      if (subscription) {
        const cancel = params.get('cancel_at_period_end');
        if (cancel !== null) subscription.cancel_at_period_end = cancel === 'true';
        const item = subscription.items.data[0]!;
        const amount = params.get('items[0][price_data][unit_amount]');
        const interval = params.get('items[0][price_data][recurring][interval]');
        if (amount && interval) {
          const changed = item.price && item.price.recurring.interval !== interval;
          item.price = { unit_amount: Number(amount), recurring: { interval } };
          // As Stripe: a new interval restarts the cycle now, a trial_end moves it to the trial's end.
          const trialEnd = Number(params.get('trial_end')) || null;
          if (trialEnd) {
            Object.assign(item, { current_period_start: seconds(new Date()), current_period_end: trialEnd });
            Object.assign(subscription, { status: 'trialing', trial_end: trialEnd });
          } else if (params.get('proration_behavior') === 'always_invoice') {
            // Stripe invoices the proration at once and charges the saved card: no page, no consent.
            charged.push({ subscription: subscription.id, amountCents: Number(amount), reason: 'proration' });
          } else if (changed) {
            // Billed at once, in full (proration aside): what an interval change without a trial costs.
            const start = new Date();
            const end = new Date(start);
            end.setUTCMonth(end.getUTCMonth() + (interval === 'year' ? 12 : 1));
            Object.assign(item, { current_period_start: seconds(start), current_period_end: seconds(end) });
            charged.push({ subscription: subscription.id, amountCents: Number(amount), reason: 'new cycle' });
          }
        }
        Object.assign(subscription.metadata, metadataOf(params, 'metadata'));
        for (const [key, value] of Object.entries(subscription.metadata))
          if (value === '') delete subscription.metadata[key];
        return send(200, subscription);
      }
    }
    if (req.method === 'GET') {
      const sub = /^\/v1\/subscriptions\/(\w+)/.exec(url);
      if (sub?.[1] && subscriptions.has(sub[1])) return send(200, subscriptions.get(sub[1]));
      const inv = /^\/v1\/invoices\/(\w+)/.exec(url);
      if (inv?.[1] && invoices.has(inv[1])) return send(200, invoices.get(inv[1]));
    }
    const match = req.method === 'GET' ? /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(req.url ?? '') : null;
    const session = match?.[1] ? sessions.get(match[1]) : undefined;
    if (session) return send(200, session);
    send(404, { error: { type: 'invalid_request_error', message: 'Not found' } });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const signer = new Stripe('sk_test_signer');

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    created,
    failNextCreate: () => {
      failNextCreate = true;
    },
    subscriptions,
    invoices,
    calls,
    charged,
    pay(id: string) {
      const session = sessions.get(id)!;
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
      return session;
    },
    /** The customer subscribes through session `sessionId`: a subscription with the session's metadata. */
    subscribe(sessionId: string, period: { start: Date; end: Date }) {
      const session = sessions.get(sessionId)!;
      const params = created.find(
        (c) => c.params.get('metadata[checkoutId]') === session.metadata.checkoutId,
      )!.params;
      const id = `sub_${++next}`;
      const subscription: FakeSubscription = {
        id,
        object: 'subscription',
        customer: `cus_${next}`,
        status: 'active',
        cancel_at_period_end: false,
        start_date: seconds(period.start),
        items: {
          object: 'list',
          data: [
            {
              id: `si_${next}`,
              current_period_start: seconds(period.start),
              current_period_end: seconds(period.end),
              price: {
                unit_amount: Number(params.get('line_items[0][price_data][unit_amount]')),
                recurring: { interval: params.get('line_items[0][price_data][recurring][interval]') ?? '' },
              },
            },
          ],
        },
        metadata: metadataOf(params, 'subscription_data[metadata]'),
      };
      subscriptions.set(id, subscription);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        subscription: id,
        customer: subscription.customer,
      });
      return subscription;
    },
    /** Stripe moves the subscription to a new period (a renewal, or an interval change). */
    advance(subscriptionId: string, period: { start: Date; end: Date }) {
      const item = subscriptions.get(subscriptionId)!.items.data[0]!;
      item.current_period_start = seconds(period.start);
      item.current_period_end = seconds(period.end);
    },
    /** A paid invoice of the subscription for `period`. */
    invoice(
      subscriptionId: string,
      period: { start: Date; end: Date },
      billingReason = 'subscription_create',
    ) {
      const id = `in_${++next}`;
      const invoice: FakeInvoice = {
        id,
        object: 'invoice',
        status: 'paid',
        billing_reason: billingReason,
        parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
        lines: {
          object: 'list',
          data: [{ id: `il_${next}`, period: { start: seconds(period.start), end: seconds(period.end) } }],
        },
      };
      invoices.set(id, invoice);
      return invoice;
    },
    /** A signed webhook delivery of `type` about session `id`, as Stripe would send it. */
    event(type: string, id: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
      const payload = JSON.stringify({
        id: `evt_${Math.random().toString(36).slice(2)}`,
        object: 'event',
        type,
        data: {
          object: sessions.get(id) ??
            subscriptions.get(id) ??
            invoices.get(id) ?? { id, object: 'checkout.session' },
        },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
      return { payload, signature };
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** `prefix[key]=value` form fields as an object (Stripe's encoding of metadata). */
function metadataOf(params: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) {
    if (!key.startsWith(`${prefix}[`)) continue;
    const match = /^\[(\w+)\]$/.exec(key.slice(prefix.length));
    if (match?.[1]) out[match[1]] = value;
  }
  return out;
}
