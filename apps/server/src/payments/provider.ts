import Stripe from 'stripe';
import type { Config } from '../config';

/** What fulfilment needs to know about a provider's session, re-read from the provider itself. */
export type ProviderSession = {
  id: string;
  /** Our checkout id, carried in the session's metadata. */
  checkoutId: string | null;
  paid: boolean;
  /** The customer gave up or the session expired: nothing will be paid. */
  closed: boolean;
  /** For a subscription's session: Stripe's subscription, once the customer subscribed. */
  subscriptionId?: string | null;
  /** For an upgrade's session: the Stripe subscription it upgrades (from the session's metadata). */
  upgradeOf?: string | null;
};

export type WebhookEvent = {
  type: string;
  sessionId: string | null;
  /** The event's subscription (`customer.subscription.*`) or invoice (`invoice.*`), when it is one. */
  subscriptionId: string | null;
  invoiceId: string | null;
};

/** A Stripe subscription as our subscriptions table needs it, re-read from Stripe. */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  status: 'active' | 'past_due' | 'canceled';
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  /** The subscription item, to change its price. */
  itemId: string | null;
  /** Ours, set at checkout and on plan changes: userId, planId, pendingPlanId. */
  metadata: Record<string, string>;
};

/** A Stripe invoice: paid or not, its subscription, and the service period it pays for. */
export type ProviderInvoice = {
  id: string;
  paid: boolean;
  subscriptionId: string | null;
  billingReason: string | null;
  /** The latest-ending line's period: a renewal's new period, or the current one for a proration. */
  periodStart: Date | null;
  periodEnd: Date | null;
};

/** The recurring price of a subscription plan. */
export type RecurringPrice = {
  amountCents: number;
  currency: 'eur' | 'usd';
  interval: 'month' | 'year';
  productName: string;
};

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
  /** Set for a subscription plan: Checkout in `subscription` mode at this recurring price. */
  recurring?: { interval: 'month' | 'year'; planId: string } | null;
  /** A coupon of ours, applied as a one-off Stripe discount on the first payment. */
  discount?: { code: string; percentOff: number | null; amountOffCents: number | null } | null;
  /**
   * An upgrade of a live Stripe subscription: Checkout in `payment` mode for `amountCents` (the prorated
   * difference), charged to the subscription's customer; the plan changes when it is paid
   * (docs/decisions/0022).
   */
  upgrade?: { subscriptionId: string; customerId: string | null } | null;
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
      /** The session as Stripe has it now; null when Stripe has no such session (404). */
      retrieveSession(id: string): Promise<ProviderSession | null>;
      retrieveSubscription(id: string): Promise<ProviderSubscription>;
      retrieveInvoice(id: string): Promise<ProviderInvoice>;
      /**
       * Sets the plan's price, never prorated by Stripe (an upgrade's difference is paid at our checkout,
       * a downgrade waits for the renewal). `periodEnd`: a new period runs from now to then, already paid
       * for (an interval change, docs/decisions/0022). `idempotencyKey`: the same change is made once.
       */
      changeSubscriptionPrice(
        id: string,
        change: { itemId: string; price: RecurringPrice; periodEnd?: Date; idempotencyKey?: string },
        metadata: Record<string, string>,
      ): Promise<void>;
      updateSubscription(
        id: string,
        update: { cancelAtPeriodEnd?: boolean; metadata?: Record<string, string> },
      ): Promise<void>;
      createPortalSession(customerId: string, returnUrl: string): Promise<string>;
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
    // A coupon that takes the whole price off leaves nothing to pay: that is paid too.
    paid:
      session.payment_status === 'paid' ||
      (session.payment_status === 'no_payment_required' && session.status === 'complete'),
    closed: session.status === 'expired',
    subscriptionId: idOf(session.subscription),
    upgradeOf: session.metadata?.upgradeOf ?? null,
  });
  const priceData = (price: RecurringPrice) => ({
    currency: price.currency,
    unit_amount: price.amountCents,
    recurring: { interval: price.interval },
    product_data: { name: price.productName },
  });

  return {
    kind: 'stripe',
    async createSession(input) {
      const discounts = input.discount
        ? [{ coupon: await createOneOffCoupon(stripe, input.checkoutId, input.currency, input.discount) }]
        : undefined;
      const upgrade = input.upgrade;
      const metadata = {
        checkoutId: input.checkoutId,
        packId: input.packId,
        credits: String(input.credits),
        ...(upgrade ? { upgradeOf: upgrade.subscriptionId } : {}),
      };
      const recurring = upgrade ? null : input.recurring;
      const session = await stripe.checkout.sessions.create(
        {
          mode: recurring ? 'subscription' : 'payment',
          client_reference_id: input.userId,
          // An upgrade is paid by the subscription's customer: one customer, one billing history.
          ...(upgrade?.customerId ? { customer: upgrade.customerId } : { customer_email: input.email }),
          line_items: [
            {
              quantity: 1,
              price_data: recurring
                ? priceData({
                    amountCents: input.amountCents,
                    currency: input.currency,
                    interval: recurring.interval,
                    productName: input.productName,
                  })
                : {
                    currency: input.currency,
                    unit_amount: input.amountCents,
                    product_data: { name: input.productName },
                  },
            },
          ],
          discounts,
          metadata,
          // The subscription carries who it is for and its plan: its events may come before the session's.
          subscription_data: recurring
            ? {
                metadata: { checkoutId: input.checkoutId, userId: input.userId, planId: recurring.planId },
              }
            : undefined,
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
      try {
        return toSession(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },
    async retrieveSubscription(id) {
      const subscription = await stripe.subscriptions.retrieve(id);
      const item = subscription.items.data[0];
      return {
        id: subscription.id,
        customerId: idOf(subscription.customer) ?? '',
        status: subscriptionStatus(subscription.status),
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        currentPeriodStart: new Date((item?.current_period_start ?? subscription.start_date) * 1000),
        currentPeriodEnd: new Date((item?.current_period_end ?? subscription.start_date) * 1000),
        itemId: item?.id ?? null,
        metadata: { ...subscription.metadata },
      };
    },
    async retrieveInvoice(id) {
      const invoice = await stripe.invoices.retrieve(id);
      const latest = invoice.lines.data.reduce<Stripe.InvoiceLineItem | null>(
        (best, line) => (!best || line.period.end > best.period.end ? line : best),
        null,
      );
      return {
        id: invoice.id ?? id,
        paid: invoice.status === 'paid',
        subscriptionId: idOf(invoice.parent?.subscription_details?.subscription ?? null),
        billingReason: invoice.billing_reason,
        periodStart: latest ? new Date(latest.period.start * 1000) : null,
        periodEnd: latest ? new Date(latest.period.end * 1000) : null,
      };
    },
    async changeSubscriptionPrice(id, change, metadata) {
      const update: Stripe.SubscriptionUpdateParams = {
        items: [
          {
            id: change.itemId,
            price_data: {
              currency: change.price.currency,
              unit_amount: change.price.amountCents,
              recurring: { interval: change.price.interval },
              product: await ensureProduct(stripe, change.price.productName),
            },
          },
        ],
        proration_behavior: 'none',
        // A new interval restarts Stripe's cycle and would bill the new price at once: the period paid at
        // our checkout runs as a trial until `periodEnd`, when Stripe bills the plan's price as usual.
        ...(change.periodEnd ? { trial_end: Math.floor(change.periodEnd.getTime() / 1000) } : {}),
        metadata,
      };
      await stripe.subscriptions.update(
        id,
        update,
        change.idempotencyKey ? { idempotencyKey: change.idempotencyKey } : undefined,
      );
    },
    async updateSubscription(id, update) {
      await stripe.subscriptions.update(id, {
        cancel_at_period_end: update.cancelAtPeriodEnd,
        metadata: update.metadata,
      });
    },
    async createPortalSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
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
      const idIf = (kind: string) => (object.object === kind ? (object.id ?? null) : null);
      return {
        type: event.type,
        sessionId: idIf('checkout.session'),
        subscriptionId: idIf('subscription'),
        invoiceId: idIf('invoice'),
      };
    },
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Stripe's statuses in ours: still being paid for, payment late, or over. */
function subscriptionStatus(status: Stripe.Subscription.Status): ProviderSubscription['status'] {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid' || status === 'incomplete') return 'past_due';
  return 'canceled';
}

/** A subscription item's new price needs a product: one per plan name, created the first time. */
async function ensureProduct(stripe: Stripe, name: string): Promise<string> {
  const id = `cuadra-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`.slice(0, 60);
  try {
    await stripe.products.create({ id, name });
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_already_exists') throw error;
  }
  return id;
}

/** Our coupon as a Stripe coupon for this checkout only: once, on the first payment. */
async function createOneOffCoupon(
  stripe: Stripe,
  checkoutId: string,
  currency: 'eur' | 'usd',
  discount: NonNullable<CreateSessionInput['discount']>,
): Promise<string> {
  const coupon = await stripe.coupons.create(
    {
      name: discount.code,
      duration: 'once',
      max_redemptions: 1,
      ...(discount.percentOff !== null
        ? { percent_off: discount.percentOff }
        : { amount_off: discount.amountOffCents ?? 0, currency }),
      metadata: { checkoutId, code: discount.code },
    },
    { idempotencyKey: `coupon-${checkoutId}` },
  );
  return coupon.id;
}
