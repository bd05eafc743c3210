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
};

/**
 * Stripe's API at the HTTP boundary, on loopback: creates and returns Checkout Sessions, so the real
 * `stripe` client and our code run unchanged. Tests flip `payment_status` to play the customer's part.
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const created: { params: URLSearchParams; idempotencyKey: string | undefined }[] = [];
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
      const metadata: Record<string, string> = {};
      for (const [key, value] of params) {
        const match = /^metadata\[(\w+)\]$/.exec(key);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        metadata,
        amount_total: Number(params.get('line_items[0][price_data][unit_amount]')),
        currency: params.get('line_items[0][price_data][currency]') ?? '',
      };
      sessions.set(id, session);
      return send(200, session);
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
    pay(id: string) {
      const session = sessions.get(id)!;
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
      return session;
    },
    /** A signed webhook delivery of `type` about session `id`, as Stripe would send it. */
    event(type: string, id: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
      const payload = JSON.stringify({
        id: `evt_${Math.random().toString(36).slice(2)}`,
        object: 'event',
        type,
        data: { object: sessions.get(id) ?? { id, object: 'checkout.session' } },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
      return { payload, signature };
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
