import Stripe from 'stripe';
import type { Config } from '../../config';

/** What fulfilment needs to know about a provider's session, re-read from the provider itself. */
export type ProviderSession = {
  id: string;
  /** Our checkout id, carried in the session's metadata. */
  checkoutId: string | null;
  paid: boolean;
  /** The customer gave up or the session expired: nothing will be paid. */
  closed: boolean;
};

export type WebhookEvent = { type: string; sessionId: string | null };

export type CreateSessionInput = {
  checkoutId: string;
  userId: string;
  email: string;
  packId: string;
  credits: number;
  amountCents: number;
  currency: 'eur' | 'usd';
  productName: string;
  successUrl: string;
  cancelUrl: string;
};

/**
 * The payment service behind one small interface. `local` is the embedded stand-in: its "session" is our
 * checkout row and its page is /dev/checkout/:id; `stripe` is Stripe Checkout; `none` is a deployment
 * without Stripe, where nothing can be bought (PAYMENTS_NOT_CONFIGURED).
 */
export type PaymentProvider =
  | { kind: 'local' }
  | { kind: 'none' }
  | {
      kind: 'stripe';
      createSession(input: CreateSessionInput): Promise<{ id: string; url: string }>;
      retrieveSession(id: string): Promise<ProviderSession>;
      /** Verifies the signature on the raw body (300 s tolerance); throws when it does not hold. */
      verifyWebhook(rawBody: string, signature: string | undefined): WebhookEvent;
    };

/** Stripe's default tolerance for a webhook's timestamp, in seconds. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export function createPaymentProvider(config: Config): PaymentProvider {
  // The test-mode checkout hands out credits for nothing: only ever on a local trial.
  if (!config.STRIPE_SECRET_KEY) return { kind: config.mode === 'local' ? 'local' : 'none' };
  const api = new URL(config.STRIPE_API_URL);
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, {
    host: api.hostname,
    port: Number(api.port) || (api.protocol === 'https:' ? 443 : 80),
    protocol: api.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
    timeout: 20_000,
  });

  const toSession = (session: Stripe.Checkout.Session): ProviderSession => ({
    id: session.id,
    checkoutId: session.metadata?.checkoutId ?? null,
    paid: session.payment_status === 'paid',
    closed: session.status === 'expired',
  });

  return {
    kind: 'stripe',
    async createSession(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: input.userId,
          customer_email: input.email,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency,
                unit_amount: input.amountCents,
                product_data: { name: input.productName },
              },
            },
          ],
          metadata: { checkoutId: input.checkoutId, packId: input.packId, credits: String(input.credits) },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        // The same checkout never creates two sessions, even when the request is retried.
        { idempotencyKey: `checkout-${input.checkoutId}` },
      );
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      return { id: session.id, url: session.url };
    },
    async retrieveSession(id) {
      return toSession(await stripe.checkout.sessions.retrieve(id));
    },
    verifyWebhook(rawBody, signature) {
      if (!signature) throw new Error('No Stripe-Signature header');
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signature,
        config.STRIPE_WEBHOOK_SECRET,
        WEBHOOK_TOLERANCE_SECONDS,
      );
      const object = event.data.object as { object?: string; id?: string };
      return {
        type: event.type,
        sessionId: object.object === 'checkout.session' ? (object.id ?? null) : null,
      };
    },
  };
}
