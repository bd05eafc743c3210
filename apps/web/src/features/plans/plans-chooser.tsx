import { formatMoney, PLANS, type Plan, type PlanId, type Subscription } from '@cuadra/shared';
import { useQueries } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanBill } from '../../access/can-write';
import { useHasSession } from '../../access/use-has-session';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/layout/nav-styles';
import { inputClass } from '../../components/ui';
import { Modal } from '../../components/ui/modal';
import { toLocale } from '../../i18n/i18n';
import { useErrorMessage } from '../../lib/error-message';
import { forgetChosenPlan } from './chosen-plan';
import { PlanCard } from './plan-card';
import { isUpgrade, planInvoicesLabel, planName, planPriceLabel } from './plan-text';
import {
  type CouponQuote,
  couponQuery,
  createPlanCheckout,
  isCouponRefused,
  useSubscription,
  useUpdateSubscription,
  useUpgradeQuote,
} from './plans-api';

type Interval = 'month' | 'year';

function leaveFor(url: string): void {
  window.location.assign(url);
}

/**
 * The plans side by side (issue 19, spec-2 §3–§4): a monthly/annual toggle for the subscriptions, the
 * credit packs, Enterprise by the contact form, and a coupon field that shows each plan's price after it.
 * Signed out, a plan leads to the free sign-up with the plan kept (`/start-free?plan=`); signed in, to its
 * checkout, or — with a subscription already running — to a change of plan, confirmed first.
 */
export function PlansChooser({
  returnTo,
  autoCheckout = null,
  redirect = leaveFor,
}: {
  /** Where the checkout sends the browser back (a path on this site). */
  returnTo: string;
  /** A plan chosen before signing up: its checkout starts as soon as the page is open, once. */
  autoCheckout?: PlanId | null;
  /** Leaves the page for the checkout; replaced in tests. */
  redirect?: (url: string) => void;
}) {
  const { t } = useTranslation('pricing');
  const toMessage = useErrorMessage();
  const hasSession = useHasSession();
  // Buying is the firm owner's (ROLE_OWNER_ONLY): the other members see who chooses, not a checkout to refuse.
  const canBill = useCanBill();
  const subscription = useSubscription(hasSession);
  const [billing, setBilling] = useState<Interval>('month');
  const [draft, setDraft] = useState('');
  const [coupon, setCoupon] = useState('');
  const [processing, setProcessing] = useState<PlanId | null>(null);
  const [checkoutError, setCheckoutError] = useState<unknown>(null);
  const [changing, setChanging] = useState<Plan | null>(null);
  const couponId = useId();
  const toggleId = useId();
  const couponInput = useRef<HTMLInputElement>(null);
  const billingToggle = useRef<HTMLFieldSetElement>(null);

  // On the prerendered /pricing the toggle and the coupon field work natively before the app is live (it
  // loads on the first interaction), and hydration keeps what the visitor did to them; the state starts
  // from that, or the next render would undo it (issue 36, item 10: the first click on "Annual" was
  // lost, a code typed at once lost its first letters).
  useEffect(() => {
    const typed = couponInput.current?.value ?? '';
    if (typed !== '') setDraft(typed);
    const chosen = billingToggle.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    if (chosen?.value === 'year') setBilling('year');
  }, []);

  const subscriptions = PLANS.filter(
    (plan) => plan.kind === 'subscription' && (plan.contactOnly || plan.interval === billing),
  );
  const packs = PLANS.filter((plan) => plan.kind === 'pack');
  const priced = [...subscriptions, ...packs].filter((plan) => plan.priceCents !== null);

  const quotes = useQueries({
    queries: priced.map((plan) => couponQuery(coupon, plan.id)),
  });
  const quoteFor = new Map<PlanId, CouponQuote>();
  priced.forEach((plan, index) => {
    const data = quotes[index]?.data;
    if (data) quoteFor.set(plan.id, data);
  });
  const couponSettled = coupon !== '' && quotes.every((quote) => !quote.isPending);
  const couponRefused = couponSettled && quoteFor.size === 0 && quotes.some((q) => isCouponRefused(q.error));
  const couponFailed = couponSettled && quoteFor.size === 0 && !couponRefused;

  async function checkout(plan: Plan) {
    if (processing) return;
    setProcessing(plan.id);
    setCheckoutError(null);
    try {
      const applies = quoteFor.has(plan.id);
      const { url } = await createPlanCheckout(
        // A pack without a coupon goes as `packId`, which every version of the checkout takes.
        plan.kind === 'pack' && !applies
          ? { packId: plan.id, returnTo }
          : { planId: plan.id, ...(applies ? { coupon } : {}), returnTo },
      );
      if (!url) throw new Error('The checkout answer has no URL');
      forgetChosenPlan();
      redirect(url);
    } catch (error) {
      setProcessing(null);
      setCheckoutError(error);
    }
  }

  // A plan chosen before signing up: straight to its checkout (issue 16 item 4), once.
  const started = useRef(false);
  const checkoutRef = useRef(checkout);
  checkoutRef.current = checkout;
  useEffect(() => {
    const plan = PLANS.find((p) => p.id === autoCheckout);
    if (plan?.interval === 'year') setBilling('year');
    if (!plan || plan.contactOnly || !hasSession || !canBill || started.current) return;
    started.current = true;
    void checkoutRef.current(plan);
  }, [autoCheckout, hasSession, canBill]);

  const current = subscription.data && subscription.data.status !== 'canceled' ? subscription.data : null;

  const onApply = (event: FormEvent) => {
    event.preventDefault();
    setCoupon(draft.trim().slice(0, 64));
  };

  const card = (plan: Plan) => (
    <li key={plan.id} className="flex">
      <PlanCard
        plan={plan}
        quote={quoteFor.get(plan.id) ?? null}
        action={
          <PlanAction
            plan={plan}
            hasSession={hasSession}
            canBill={canBill}
            current={current}
            coupon={quoteFor.has(plan.id) ? coupon : ''}
            processing={processing}
            onCheckout={checkout}
            onChange={setChanging}
          />
        }
      />
    </li>
  );

  return (
    <div>
      <div className="flex flex-col items-center gap-6">
        <fieldset ref={billingToggle} className="flex flex-col items-center">
          <legend id={toggleId} className="sr-only">
            {t('plans.billing')}
          </legend>
          <div className="inline-flex rounded-full bg-slate-100 p-1 ring-1 ring-slate-200">
            {(['month', 'year'] as const).map((value) => (
              <label
                key={value}
                className={`cursor-pointer rounded-full px-4 py-2 text-sm font-semibold focus-within:ring-2 focus-within:ring-brand-600 ${
                  billing === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600'
                }`}
              >
                <input
                  type="radio"
                  name="plan-interval"
                  value={value}
                  checked={billing === value}
                  onChange={() => setBilling(value)}
                  className="sr-only"
                />
                {t(value === 'month' ? 'plans.monthly' : 'plans.annual')}
              </label>
            ))}
          </div>
          <p className="mt-2 text-xs text-slate-600">{t('plans.annualHint')}</p>
        </fieldset>
      </div>

      {checkoutError ? (
        <p
          role="alert"
          className="mx-auto mt-6 max-w-2xl rounded-md bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {t('plans.checkoutFailed')} {toMessage(checkoutError)}
        </p>
      ) : null}

      {/* The plan cards' names are h3: a heading of their own before them keeps the outline in order. */}
      <h2 className="sr-only">{t('plans.subscriptionsLabel')}</h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3" aria-label={t('plans.subscriptionsLabel')}>
        {subscriptions.map(card)}
      </ul>

      <h2 className="mt-14 text-xl font-semibold text-slate-900">{t('plans.packsTitle')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('plans.packsText')}</p>
      <ul className="mt-6 grid gap-6 md:grid-cols-2">{packs.map(card)}</ul>

      <form onSubmit={onApply} className="mx-auto mt-12 flex max-w-md flex-col gap-2" noValidate>
        <label htmlFor={couponId} className="text-sm font-medium text-slate-800">
          {t('plans.coupon.label')}
        </label>
        <div className="flex gap-2">
          <input
            ref={couponInput}
            id={couponId}
            name="coupon"
            autoComplete="off"
            autoCapitalize="characters"
            value={draft}
            maxLength={64}
            onChange={(event) => setDraft(event.currentTarget.value)}
            className={`${inputClass} min-w-0 flex-1`}
          />
          <button type="submit" className={`${SECONDARY_BUTTON} shrink-0`} disabled={draft.trim() === ''}>
            {t('plans.coupon.apply')}
          </button>
        </div>
        <div aria-live="polite" className="text-sm">
          {coupon !== '' && !couponSettled ? (
            <p className="text-slate-600">{t('plans.coupon.checking')}</p>
          ) : null}
          {quoteFor.size > 0 ? (
            <p className="text-emerald-800">{t('plans.coupon.applied', { code: coupon })}</p>
          ) : null}
        </div>
        {couponRefused ? (
          <p role="alert" className="text-sm text-red-700">
            {t('plans.coupon.invalid')}
          </p>
        ) : couponFailed ? (
          <p role="alert" className="text-sm text-red-700">
            {toMessage(quotes.find((quote) => quote.error)?.error)}
          </p>
        ) : null}
      </form>

      {changing && current ? (
        <ChangePlanDialog
          current={current}
          target={changing}
          onClose={() => setChanging(null)}
          redirect={redirect}
        />
      ) : null}
    </div>
  );
}

function PlanAction({
  plan,
  hasSession,
  canBill,
  current,
  coupon,
  processing,
  onCheckout,
  onChange,
}: {
  plan: Plan;
  hasSession: boolean;
  canBill: boolean;
  current: Subscription | null;
  coupon: string;
  processing: PlanId | null;
  onCheckout: (plan: Plan) => void;
  onChange: (plan: Plan) => void;
}) {
  const { t } = useTranslation('pricing');
  const name = planName(t, plan);
  const style = `${plan.id.startsWith('freelancer') ? PRIMARY_BUTTON : SECONDARY_BUTTON} w-full py-3`;
  if (plan.contactOnly) {
    const subject = encodeURIComponent(t('plans.enterpriseSubject'));
    return (
      <Link to={`/contact?subject=${subject}`} className={style}>
        {t('plans.contact')}
      </Link>
    );
  }
  if (!hasSession) {
    const query = `plan=${encodeURIComponent(plan.id)}${coupon ? `&coupon=${encodeURIComponent(coupon)}` : ''}`;
    return (
      <Link to={`/start-free?${query}`} className={style} aria-label={t('plans.chooseNamed', { name })}>
        {t('plans.choose')}
      </Link>
    );
  }
  if (!canBill) {
    return (
      <p className="rounded-md bg-slate-100 px-3 py-3 text-center text-sm text-slate-700">
        {t('plans.ownerBuys')}
      </p>
    );
  }
  if (current && plan.kind === 'subscription') {
    if (current.planId === plan.id) {
      return (
        <p className="rounded-md bg-brand-50 px-3 py-3 text-center text-sm font-semibold text-brand-800">
          {t('plans.currentPlan')}
        </p>
      );
    }
    return (
      <button
        type="button"
        onClick={() => onChange(plan)}
        className={style}
        aria-label={t('plans.switchNamed', { name })}
      >
        {t('plans.switch')}
      </button>
    );
  }
  return (
    <button
      type="button"
      data-checkout-plan={plan.id}
      onClick={() => onCheckout(plan)}
      disabled={processing !== null}
      aria-busy={processing === plan.id}
      aria-label={processing === plan.id ? undefined : t('plans.chooseNamed', { name })}
      className={`${style} disabled:cursor-not-allowed disabled:opacity-60`}
    >
      {processing === plan.id ? t('plans.processing') : t('plans.choose')}
    </button>
  );
}

/** Confirms a change of plan: an upgrade is paid now at the checkout, a downgrade waits for the period's end. */
export function ChangePlanDialog({
  current,
  target,
  onClose,
  redirect = leaveFor,
}: {
  current: Subscription;
  target: Plan;
  onClose: () => void;
  /** Where the browser goes to pay an upgrade (the checkout page); replaced in tests. */
  redirect?: (url: string) => void;
}) {
  const { t, i18n } = useTranslation('pricing');
  const toMessage = useErrorMessage();
  const language = toLocale(i18n.resolvedLanguage);
  const update = useUpdateSubscription();
  const from = PLANS.find((plan) => plan.id === current.planId);
  const upgrade = from ? isUpgrade(from, target) : true;
  // An upgrade shows what it costs now and is paid at the checkout like any purchase, locally and with
  // Stripe alike (issue 36 item 4, docs/decisions/0022).
  const quote = useUpgradeQuote(target.id, upgrade);
  const [leaving, setLeaving] = useState<string | null>(null);
  const payUpgrade = () => {
    setLeaving('');
    createPlanCheckout({ planId: target.id, returnTo: '/credits' })
      .then(({ url }) => {
        if (url) redirect(url);
      })
      .catch((error: unknown) => setLeaving(toMessage(error)));
  };
  const date = new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', { dateStyle: 'long' }).format(
    new Date(current.currentPeriodEnd),
  );
  const names = { from: from ? planName(t, from) : current.planId, to: planName(t, target) };
  return (
    <Modal title={t('plans.change.title')} onClose={onClose}>
      <p className="text-sm text-slate-700">
        {upgrade ? t('plans.change.upgrade', names) : t('plans.change.downgrade', { ...names, date })}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {planPriceLabel(t, target, language)} · {planInvoicesLabel(t, target, language)}
      </p>
      {upgrade ? (
        <p className="mt-2 text-sm font-medium text-slate-900" data-testid="upgrade-amount">
          {quote.data
            ? t('plans.change.payNow', { amount: formatMoney(quote.data.amountCents, language) })
            : quote.isError
              ? toMessage(quote.error)
              : t('plans.processing')}
        </p>
      ) : null}
      {leaving ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {leaving}
        </p>
      ) : null}
      {update.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {toMessage(update.error)}
        </p>
      ) : null}
      {update.isSuccess ? (
        <p role="status" className="mt-3 text-sm text-emerald-800">
          {t('plans.change.doneLater', { ...names, date })}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onClose} className={SECONDARY_BUTTON}>
          {update.isSuccess ? t('plans.change.close') : t('plans.change.keep')}
        </button>
        {update.isSuccess ? null : (
          <button
            type="button"
            onClick={() => (upgrade ? payUpgrade() : update.mutate({ planId: target.id }))}
            disabled={update.isPending || leaving === '' || (upgrade && !quote.data)}
            className={PRIMARY_BUTTON}
          >
            {update.isPending
              ? t('plans.processing')
              : upgrade
                ? t('plans.change.confirmUpgrade')
                : t('plans.change.confirmDowngrade')}
          </button>
        )}
      </div>
    </Modal>
  );
}
