import { describe, expect, it } from 'vitest';
import { checkVatId } from '../src/vat-id';

describe('checkVatId (shared by the engine and the forms)', () => {
  it('names the country and checks the digits', () => {
    expect(checkVatId('EL094259216')).toEqual({ country: 'EL', valid: true });
    expect(checkVatId('de 136.695.976')).toEqual({ country: 'DE', valid: true });
    expect(checkVatId('DE136695977')).toEqual({ country: 'DE', valid: false });
    expect(checkVatId('ESB12345674')).toEqual({ country: 'ES', valid: true });
    expect(checkVatId('NO123456789MVA')).toBeNull();
  });
});
