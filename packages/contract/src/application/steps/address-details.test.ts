import { describe, expect, it } from 'vitest';
import { buildTestFormSection as section } from '../../test-factories.js';
import { buildApplicationBodySchema } from '../body.js';
import { errorsOf, options, person } from '../test-support.js';

describe('buildApplicationBodySchema: address details', () => {
  it('reads FormData-shaped lists (objects keyed 0, 1, …) like arrays', () => {
    const schema = buildApplicationBodySchema(
      [section('basic-details'), section('address-details')],
      options,
    );
    const result = schema.parse({
      ...person,
      addresses: {
        '0': { street: '1 A St', city: 'Hull', postcode: 'HU1 1AA' },
        '1': { street: '2 B St', city: 'Hull', postcode: 'HU1 1AB' },
      },
    });
    expect(result.addresses?.map((address) => address.street)).toEqual(['1 A St', '2 B St']);
    expect(result.addresses?.[0]?.country).toBe('United Kingdom');
  });

  it('refuses oversized lists rather than building them', () => {
    const schema = buildApplicationBodySchema(
      [section('basic-details'), section('address-details')],
      options,
    );
    expect(
      errorsOf(schema.safeParse({ ...person, addresses: { '999': { street: 'x' } } })).addresses,
    ).toContain('At most 100 entries are accepted');
  });
});
