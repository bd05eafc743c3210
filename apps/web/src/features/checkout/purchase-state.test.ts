import { describe, expect, it } from 'vitest';
import { IDLE, purchaseReducer, readPurchaseQuery } from './purchase-state';

describe('purchase state (spec-1 §4 "Credits purchase status")', () => {
  it('starts processing the chosen pack and ignores a second start while it runs', () => {
    const processing = purchaseReducer(IDLE, { type: 'start', packId: 'large' });
    expect(processing).toEqual({ status: 'processing', packId: 'large', error: null });
    expect(purchaseReducer(processing, { type: 'start', packId: 'small' })).toBe(processing);
  });

  it('a failure clears processing and keeps the error', () => {
    const processing = purchaseReducer(IDLE, { type: 'start', packId: 'small' });
    const failed = purchaseReducer(processing, { type: 'fail', error: 'checkoutFailed' });
    expect(failed).toEqual({ status: 'error', packId: 'small', error: 'checkoutFailed' });
    // and the user can try again
    expect(purchaseReducer(failed, { type: 'start', packId: 'small' }).status).toBe('processing');
  });

  it('returning from checkout sets success or cancelled; reset goes back to idle', () => {
    expect(purchaseReducer(IDLE, { type: 'returned', outcome: 'success' }).status).toBe('success');
    expect(purchaseReducer(IDLE, { type: 'returned', outcome: 'cancelled' }).status).toBe('cancelled');
    expect(
      purchaseReducer({ status: 'error', packId: null, error: 'selectPackage' }, { type: 'reset' }),
    ).toBe(IDLE);
  });
});

describe('readPurchaseQuery', () => {
  it('reads success from checkout=success (settings); a session_id is only a session to ask about', () => {
    expect(readPurchaseQuery('?session_id=cs_123')).toMatchObject({ outcome: null, sessionId: 'cs_123' });
    expect(readPurchaseQuery('?checkout=success').outcome).toBe('success');
    expect(readPurchaseQuery('?checkout=other').outcome).toBeNull();
  });

  it('reads cancelled only from cancelled=true', () => {
    expect(readPurchaseQuery('?cancelled=true').outcome).toBe('cancelled');
    expect(readPurchaseQuery('?cancelled=1').outcome).toBeNull();
  });

  it('reads the pack chosen on the pricing page', () => {
    expect(readPurchaseQuery('?buyCredits=true&priceId=large').chosenPackId).toBe('large');
    expect(readPurchaseQuery('?priceId=large').chosenPackId).toBeNull();
    expect(readPurchaseQuery('?buyCredits=true&priceId=').chosenPackId).toBeNull();
  });

  it('says whether there is anything to clear', () => {
    expect(readPurchaseQuery('').hasPurchaseParams).toBe(false);
    expect(readPurchaseQuery('?tab=profile').hasPurchaseParams).toBe(false);
    expect(readPurchaseQuery('?cancelled=true').hasPurchaseParams).toBe(true);
  });
});
