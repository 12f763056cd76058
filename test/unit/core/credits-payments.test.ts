// Pure parts of the credit domain: money as exact decimal text, prices and their overrides.
import { describe, expect, it } from 'vitest';
import { majorUnits } from '#core/credits/payments';
import { DEFAULT_PRICES, priceBookFrom, priceFor, pricingQuantityOf, skuPriceIdOf } from '#core/credits/prices';
import { ValidationError } from '#core/errors';

describe('majorUnits', () => {
  it('turns minor units into exact decimal text per currency', () => {
    expect(majorUnits(1999, 'USD')).toBe('19.99');
    expect(majorUnits(5, 'EUR')).toBe('0.05');
    expect(majorUnits(0, 'USD')).toBe('0.00');
    expect(majorUnits(-250, 'USD')).toBe('-2.50');
    expect(majorUnits(1500, 'JPY')).toBe('1500');
    expect(majorUnits(12345, 'KWD')).toBe('12.345');
  });
});

describe('prices', () => {
  it('uses the model price, else the SKU wildcard, and refuses an unknown SKU', () => {
    const book = priceBookFrom({});
    expect(priceFor(book, 'video.generate', 'fast').creditsPerUnit).toBe(8);
    expect(priceFor(book, 'video.generate', 'unlisted-endpoint').creditsPerUnit).toBe(20);
    expect(() => priceFor(book, 'nothing.here')).toThrow(ValidationError);
  });

  it('lets configuration replace and add prices, the credit list price and the plans', () => {
    const book = priceBookFrom({
      prices: JSON.stringify([
        { sku: 'video.generate', model: 'fast', unit: 'Seconds', creditsPerUnit: 9 },
        { sku: 'music.generate', model: '*', unit: 'Seconds', creditsPerUnit: 2 },
      ]),
      creditListPrice: JSON.stringify({ currency: 'EUR', perCredit: '0.012' }),
      plans: JSON.stringify([{ planId: 'team', match: ['price_team'], monthlyCredits: 50000 }]),
    });
    expect(priceFor(book, 'video.generate', 'fast').creditsPerUnit).toBe(9);
    expect(priceFor(book, 'music.generate').creditsPerUnit).toBe(2);
    expect(book.prices).toHaveLength(DEFAULT_PRICES.length + 1);
    expect(book.creditListPrice).toEqual({ currency: 'EUR', perCredit: '0.012' });
    expect(book.plans.map((plan) => plan.planId)).toEqual(['team']);
  });

  it('fails fast on bad configuration', () => {
    expect(() => priceBookFrom({ prices: '{' })).toThrow('CREDIT_PRICES is not valid JSON');
    expect(() =>
      priceBookFrom({ prices: JSON.stringify([{ sku: 'x', model: '*', unit: 'Seconds', creditsPerUnit: 1.5 }]) }),
    ).toThrow('CREDIT_PRICES is not valid');
    expect(() => priceBookFrom({ creditListPrice: JSON.stringify({ currency: 'usd', perCredit: '0.01' }) })).toThrow(
      'CREDIT_LIST_PRICE is not valid',
    );
  });

  it('charges started units and names each price distinctly', () => {
    expect(pricingQuantityOf(4.2)).toBe(5);
    expect(pricingQuantityOf(3)).toBe(3);
    expect(pricingQuantityOf(0)).toBe(0);
    expect(() => pricingQuantityOf(-1)).toThrow(ValidationError);
    expect(() => pricingQuantityOf(Number.NaN)).toThrow(ValidationError);
    expect(skuPriceIdOf({ sku: 'video.generate', model: 'fast', unit: 'Seconds', creditsPerUnit: 8 })).toBe(
      'video.generate:fast:8/Seconds',
    );
  });
});
