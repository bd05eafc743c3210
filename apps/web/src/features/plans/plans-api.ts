import type { PlanId, Subscription } from '@cuadra/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

/**
 * The plans server's contract (issue 19): coupons, checkout for any plan, and the caller's subscription.
 * The plans themselves are `PLANS` from `@cuadra/shared`, so the public pages render them without a request.
 */

/** `GET /coupons/:code?planId=`: what the coupon takes off this plan, and the price it leaves. */
export type CouponQuote = { code: string; percentOff?: number; amountOffCents?: number; priceCents: number };

/** A coupon the server does not know, or that does not apply to the plan: its 422 `COUPON_INVALID`. */
export function isCouponRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 422 || error.status === 404);
}

export function couponQuery(code: string, planId: PlanId) {
  return queryOptions({
    queryKey: ['coupon', code, planId] as const,
    queryFn: ({ signal }) =>
      api.get<CouponQuote>(`/coupons/${encodeURIComponent(code)}`, { query: { planId }, signal }),
    enabled: code !== '',
    // A refused coupon is an answer, not a hiccup to retry.
    retry: (count, error) => !isCouponRefused(error) && count < 2,
    staleTime: 5 * 60_000,
  });
}

/** `POST /checkout`: the checkout page for a pack or a subscription, with the coupon if one applies. */
export function createPlanCheckout(
  body: { planId: PlanId; coupon?: string; returnTo: string } | { packId: PlanId; returnTo: string },
): Promise<{ url?: string }> {
  return api.post<{ url?: string }>('/checkout', body);
}

export const subscriptionKeys = { all: ['subscription'] as const };

/** `GET /subscription/upgrade-quote`: what an upgrade costs now, prorated (issue 36 item 4). */
export function useUpgradeQuote(planId: PlanId, enabled: boolean) {
  return useQuery({
    queryKey: ['subscription', 'upgrade-quote', planId] as const,
    queryFn: ({ signal }) =>
      api.get<{ planId: string; amountCents: number; currency: 'eur' }>('/subscription/upgrade-quote', {
        query: { planId },
        signal,
      }),
    enabled,
    staleTime: 0,
  });
}

export function useSubscription(enabled = true) {
  return useQuery({
    queryKey: subscriptionKeys.all,
    queryFn: ({ signal }) => api.get<{ subscription: Subscription | null }>('/subscription', { signal }),
    select: (answer) => answer.subscription,
    enabled,
  });
}

function useSubscriptionMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'subscription' in answer) {
        queryClient.setQueryData(subscriptionKeys.all, answer);
      }
      return queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
  });
}

/** `PATCH /subscription`: auto-renew on/off, or another plan (an upgrade now, a downgrade at period end). */
export function useUpdateSubscription() {
  return useSubscriptionMutation((body: { autoRenew?: boolean; planId?: PlanId }) =>
    api.patch<unknown>('/subscription', body),
  );
}

/** `DELETE /subscription`: cancels at the end of the period paid for. */
export function useCancelSubscription() {
  return useSubscriptionMutation(() => api.delete<unknown>('/subscription'));
}

/** `POST /subscription/portal`: Stripe's customer portal, where Stripe is configured. */
export function openBillingPortal(): Promise<{ url: string }> {
  return api.post<{ url: string }>('/subscription/portal');
}
