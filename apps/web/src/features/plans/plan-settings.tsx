import { PLANS, type Plan, type Subscription } from '@cuadra/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanBill } from '../../access/can-write';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/layout/nav-styles';
import { StateBox } from '../../components/ui';
import { Modal } from '../../components/ui/modal';
import { toLocale } from '../../i18n/i18n';
import { useErrorMessage } from '../../lib/error-message';
import { planInvoicesLabel, planName, planPriceLabel, planRetentionLabel } from './plan-text';
import {
  openBillingPortal,
  useCancelSubscription,
  useSubscription,
  useUpdateSubscription,
} from './plans-api';
import { ChangePlanDialog } from './plans-chooser';

function leaveFor(url: string): void {
  window.location.assign(url);
}

/**
 * Settings → Plan (issue 19 item 4): the current plan, its next renewal, auto-renew on/off, change of plan
 * (upgrade now, downgrade at period end, confirmed first), cancel (confirmed), and Stripe's customer
 * portal where Stripe is configured. Without a plan: a link to the pricing page.
 */
export function PlanSettings({ redirect = leaveFor }: { redirect?: (url: string) => void }) {
  const { t } = useTranslation('pricing');
  // The plan is the firm owner's to choose (ROLE_OWNER_ONLY); the other members are told so, not refused.
  const canBill = useCanBill();
  if (!canBill) {
    return <StateBox>{t('settings.ownerChooses')}</StateBox>;
  }
  return <OwnersPlan redirect={redirect} />;
}

function OwnersPlan({ redirect }: { redirect: (url: string) => void }) {
  const { t } = useTranslation('pricing');
  const toMessage = useErrorMessage();
  const subscription = useSubscription();

  if (subscription.isPending) {
    return <StateBox>{t('settings.loading')}</StateBox>;
  }
  if (subscription.isError) {
    return (
      <StateBox tone="error">
        <p className="font-semibold">{t('settings.loadError')}</p>
        <p className="mt-1">{toMessage(subscription.error)}</p>
        <button type="button" onClick={() => subscription.refetch()} className={`${SECONDARY_BUTTON} mt-3`}>
          {t('settings.retry')}
        </button>
      </StateBox>
    );
  }
  const current = subscription.data;
  const plan = current ? PLANS.find((p) => p.id === current.planId) : undefined;
  if (!current || !plan) {
    return (
      <section aria-labelledby="plan-none" className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="plan-none" className="text-lg font-semibold text-slate-900">
          {t('settings.noPlanTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('settings.noPlanText')}</p>
        <Link to="/pricing" className={`${PRIMARY_BUTTON} mt-4`}>
          {t('settings.seePlans')}
        </Link>
      </section>
    );
  }
  return <CurrentPlan subscription={current} plan={plan} redirect={redirect} />;
}

function CurrentPlan({
  subscription,
  plan,
  redirect,
}: {
  subscription: Subscription;
  plan: Plan;
  redirect: (url: string) => void;
}) {
  const { t, i18n } = useTranslation('pricing');
  const toMessage = useErrorMessage();
  const language = toLocale(i18n.resolvedLanguage);
  const update = useUpdateSubscription();
  const portal = useMutation({ mutationFn: openBillingPortal, onSuccess: ({ url }) => redirect(url) });
  const [changing, setChanging] = useState<Plan | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const changeId = useId();
  const date = new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', { dateStyle: 'long' }).format(
    new Date(subscription.currentPeriodEnd),
  );
  const pending = subscription.pendingPlanId ? PLANS.find((p) => p.id === subscription.pendingPlanId) : null;
  const ending = !subscription.autoRenew || subscription.status === 'canceled';
  const others = PLANS.filter((p) => p.kind === 'subscription' && !p.contactOnly && p.id !== plan.id);

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="plan-current" className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="plan-current" className="text-lg font-semibold text-slate-900">
          {t('settings.currentTitle')}
        </h2>
        <p className="mt-2 text-2xl font-semibold text-slate-900" data-testid="current-plan">
          {planName(t, plan)}
          <span className="ml-2 text-base font-normal text-slate-600">
            {t(plan.interval === 'year' ? 'plans.annual' : 'plans.monthly')}
          </span>
        </p>
        <p className="mt-1 text-sm text-slate-700">
          {planPriceLabel(t, plan, language)} · {planInvoicesLabel(t, plan, language)} ·{' '}
          {planRetentionLabel(t, plan)}
        </p>
        <p className="mt-3 text-sm text-slate-800" data-testid="renewal">
          {subscription.status === 'canceled'
            ? t('settings.canceled', { date })
            : ending
              ? t('settings.endsOn', { date })
              : t('settings.renewsOn', { date })}
        </p>
        {subscription.status === 'past_due' ? (
          <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('settings.pastDue')}
          </p>
        ) : null}
        {pending ? (
          <p className="mt-2 text-sm text-slate-700">
            {t('settings.pendingChange', { name: planName(t, pending), date })}
          </p>
        ) : null}

        {subscription.status === 'canceled' ? null : (
          <div className="mt-5 flex items-center gap-3">
            <button
              type="button"
              role="switch"
              aria-checked={subscription.autoRenew}
              disabled={update.isPending}
              onClick={() => update.mutate({ autoRenew: !subscription.autoRenew })}
              className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 ${
                subscription.autoRenew ? 'bg-brand-700' : 'bg-slate-300'
              }`}
            >
              <span className="sr-only">{t('settings.autoRenew')}</span>
              <span
                aria-hidden="true"
                className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
                  subscription.autoRenew ? 'translate-x-5' : 'translate-x-0.5'
                }`}
              />
            </button>
            {/* The switch is named "Auto-renew" and says on/off by aria-checked; this is the sighted copy. */}
            <span aria-hidden="true" className="text-sm text-slate-800">
              {t('settings.autoRenew')}: {subscription.autoRenew ? t('settings.on') : t('settings.off')}
            </span>
          </div>
        )}
        {update.isError ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {toMessage(update.error)}
          </p>
        ) : null}
      </section>

      {subscription.status === 'canceled' ? null : (
        <section aria-labelledby={changeId} className="rounded-lg border border-slate-200 bg-white p-6">
          <h2 id={changeId} className="text-lg font-semibold text-slate-900">
            {t('settings.changeTitle')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('settings.changeText')}</p>
          <ul className="mt-4 flex flex-col gap-3">
            {others.map((other) => (
              <li
                key={other.id}
                className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="text-sm text-slate-800">
                  <span className="font-semibold">{planName(t, other)}</span>{' '}
                  {t(other.interval === 'year' ? 'plans.annual' : 'plans.monthly')} ·{' '}
                  {planPriceLabel(t, other, language)}
                </span>
                <button
                  type="button"
                  onClick={() => setChanging(other)}
                  className={SECONDARY_BUTTON}
                  aria-label={t('plans.switchNamed', {
                    name: `${planName(t, other)} (${t(other.interval === 'year' ? 'plans.annual' : 'plans.monthly')})`,
                  })}
                >
                  {t('plans.switch')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="flex flex-col gap-3 sm:flex-row">
        {subscription.portalAvailable ? (
          <button
            type="button"
            onClick={() => portal.mutate()}
            disabled={portal.isPending}
            className={SECONDARY_BUTTON}
          >
            {portal.isPending ? t('plans.processing') : t('settings.manageBilling')}
          </button>
        ) : null}
        {/* Always offered while the plan runs: with auto-renew off it ends anyway, and the dialog says so. */}
        {subscription.status === 'canceled' ? null : (
          <button
            type="button"
            onClick={() => setCancelling(true)}
            className={`${SECONDARY_BUTTON} text-red-700`}
          >
            {t('settings.cancel')}
          </button>
        )}
      </div>
      {portal.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {toMessage(portal.error)}
        </p>
      ) : null}

      {changing ? (
        <ChangePlanDialog
          current={subscription}
          target={changing}
          onClose={() => setChanging(null)}
          redirect={redirect}
        />
      ) : null}
      {cancelling ? (
        <CancelDialog
          name={planName(t, plan)}
          date={date}
          autoRenew={subscription.autoRenew}
          onClose={() => setCancelling(false)}
        />
      ) : null}
    </div>
  );
}

function CancelDialog({
  name,
  date,
  autoRenew,
  onClose,
}: {
  name: string;
  date: string;
  autoRenew: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('pricing');
  const toMessage = useErrorMessage();
  const cancel = useCancelSubscription();
  return (
    <Modal title={t('settings.cancelTitle')} onClose={onClose}>
      <p className="text-sm text-slate-700">{t('settings.cancelText', { name, date })}</p>
      {autoRenew || cancel.isSuccess ? null : (
        <p className="mt-2 text-sm text-slate-700">{t('settings.cancelAutoRenewOff')}</p>
      )}
      {cancel.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {toMessage(cancel.error)}
        </p>
      ) : null}
      {cancel.isSuccess ? (
        <p role="status" className="mt-3 text-sm text-emerald-800">
          {t('settings.cancelDone', { date })}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onClose} className={SECONDARY_BUTTON}>
          {cancel.isSuccess ? t('plans.change.close') : t('settings.cancelKeep')}
        </button>
        {cancel.isSuccess ? null : (
          <button
            type="button"
            onClick={() => cancel.mutate()}
            disabled={cancel.isPending}
            className={`${PRIMARY_BUTTON} bg-red-700 hover:bg-red-800`}
          >
            {cancel.isPending ? t('plans.processing') : t('settings.cancelConfirm')}
          </button>
        )}
      </div>
    </Modal>
  );
}
