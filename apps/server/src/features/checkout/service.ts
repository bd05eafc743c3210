import type { Locale } from '@cuadra/shared';
import { AppError } from '../../errors';
import { publicUrl } from '../../http/public-url';
import { newId } from '../../lib/ids';
import type { Services } from '../../services';
import { grantCredits } from '../credits/ledger';
import type { PaymentProvider, ProviderSession } from './provider';
import {
  type CheckoutRow,
  findActivePack,
  findCheckout,
  findCheckoutBySession,
  findCheckoutsToReconcile,
  insertCheckout,
  markClosed,
  markPaid,
  setProviderSession,
} from './repo';

/** Stripe replaces this in the success URL with the session id; the local checkout does the same. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

const PACK_NAMES: Record<Locale, (credits: number) => string> = {
  en: (credits) => `Cuadra: ${credits} credits`,
  es: (credits) => `Cuadra: ${credits} créditos`,
};

export type CheckoutUser = { id: string; email: string; locale: Locale };

/**
 * Starts a purchase of one pack. The price and credits come from the server's pack, never from the
 * browser; they are copied onto the checkout so what is granted is what was shown.
 */
export async function startCheckout(
  services: Services,
  provider: PaymentProvider,
  user: CheckoutUser,
  input: { packId: string; returnTo: string; cancelTo: string },
): Promise<{ checkoutId: string; url: string }> {
  const pack = await findActivePack(services.db, input.packId);
  if (!pack) throw new AppError('PACK_NOT_FOUND');
  if (provider.kind === 'none') throw new AppError('PAYMENTS_NOT_CONFIGURED');
  const checkoutId = newId();
  await insertCheckout(services.db, {
    id: checkoutId,
    userId: user.id,
    packId: pack.id,
    credits: pack.credits,
    amountCents: pack.amountCents,
    currency: pack.currency,
    provider: provider.kind,
    returnTo: input.returnTo,
    cancelTo: input.cancelTo,
  });
  const origin = publicUrl(services.config);
  if (provider.kind === 'local') return { checkoutId, url: `${origin}/dev/checkout/${checkoutId}` };

  try {
    const session = await provider.createSession({
      checkoutId,
      userId: user.id,
      email: user.email,
      packId: pack.id,
      credits: pack.credits,
      amountCents: pack.amountCents,
      currency: pack.currency,
      productName: PACK_NAMES[user.locale](pack.credits),
      successUrl: origin + input.returnTo,
      cancelUrl: origin + input.cancelTo,
    });
    await setProviderSession(services.db, checkoutId, session.id);
    return { checkoutId, url: session.url };
  } catch (error) {
    services.logger.error({ err: error, checkoutId }, 'checkout session could not be created');
    await markClosed(services.db, checkoutId, 'failed');
    throw new AppError('CHECKOUT_FAILED');
  }
}

/**
 * The one way a checkout is settled, for the webhook, the reconciliation job and the local checkout alike:
 * paid → the pack's credits, exactly once (the row's status and the ledger's unique reference both guard
 * it, whatever the concurrency); closed → nothing is granted.
 */
export async function applySession(services: Services, checkout: CheckoutRow, session: ProviderSession) {
  if (session.paid) {
    await services.db.transaction(async (tx) => {
      const paid = await markPaid(tx, checkout.id);
      if (paid) await grantCredits(tx, paid.userId, paid.credits, 'purchase', `checkout:${paid.id}`);
    });
  } else if (session.closed) {
    await markClosed(services.db, checkout.id, 'expired');
  }
}

/** Re-reads a Stripe session (never trusting the event's copy) and settles its checkout. */
export async function settleStripeSession(services: Services, provider: PaymentProvider, sessionId: string) {
  if (provider.kind !== 'stripe') return;
  const session = await provider.retrieveSession(sessionId);
  const checkout =
    (await findCheckoutBySession(services.db, 'stripe', session.id)) ??
    (session.checkoutId ? await findCheckout(services.db, session.checkoutId) : null);
  if (!checkout) {
    services.logger.warn({ sessionId }, 'Stripe session without a checkout');
    return;
  }
  await applySession(services, checkout, session);
}

/** An asynchronous payment (e.g. a SEPA debit) failed: the checkout ends without credits, unless paid. */
export async function failStripeSession(services: Services, provider: PaymentProvider, sessionId: string) {
  if (provider.kind !== 'stripe') return;
  const session = await provider.retrieveSession(sessionId);
  if (session.paid) return settleStripeSession(services, provider, sessionId);
  const checkout = await findCheckoutBySession(services.db, 'stripe', session.id);
  if (checkout) await markClosed(services.db, checkout.id, 'failed');
}

/** Webhooks get lost: an open checkout older than this is asked about directly. */
const RECONCILE_AFTER_MS = 5 * 60_000;
/** Stripe sessions expire after 24 h at most; older open checkouts are settled by then. */
const RECONCILE_WINDOW_MS = 48 * 3600_000;

export async function reconcileCheckouts(services: Services, provider: PaymentProvider, now = new Date()) {
  if (provider.kind !== 'stripe') return 0;
  const open = await findCheckoutsToReconcile(
    services.db,
    'stripe',
    new Date(now.getTime() - RECONCILE_AFTER_MS),
    new Date(now.getTime() - RECONCILE_WINDOW_MS),
  );
  for (const checkout of open) await settleStripeSession(services, provider, checkout.providerSessionId!);
  return open.length;
}
