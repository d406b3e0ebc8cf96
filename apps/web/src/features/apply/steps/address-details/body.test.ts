import { describe, expect, it } from 'vitest';
import { buildApplicationBodySchema } from '@muster/contract';
import { buildTestFormSection } from '@muster/contract/testing';
import { emptyValues } from '../../form-values';
import { bodyContextFixture } from '../../test-fixtures';
import { addressDetailsBody, bodyIndexes, emptyAddressRow, readAddressRows, type AddressRow } from './body';

const withHistory = buildTestFormSection('address-details', { min_address_history: 36 });
const without = buildTestFormSection('address-details');

const context = (section: typeof withHistory) => bodyContextFixture([section], { consentsShown: false });

const home: AddressRow = {
  ...emptyAddressRow('home'),
  company_name: 'Harbour Office',
  street: '1 High Street',
  city: 'Bristol',
  postcode: 'BS1 4DJ',
  from_date: '2020-03',
};

describe('addressDetailsBody', () => {
  it('sends every address but the blank rows, with from_date as the first of the month', () => {
    const values = { ...emptyValues(), addresses: [home, emptyAddressRow('blank')] };
    expect(addressDetailsBody(withHistory, values, context(withHistory))).toEqual({
      addresses: [
        {
          company_name: 'Harbour Office',
          street: '1 High Street',
          street_second: '',
          street_third: '',
          city: 'Bristol',
          county: '',
          postcode: 'BS1 4DJ',
          country: 'United Kingdom',
          from_date: '2020-03-01',
        },
      ],
    });
  });

  it('leaves from_date out when the form asks for no history', () => {
    const values = { ...emptyValues(), addresses: [home] };
    const body = addressDetailsBody(without, values, context(without)) as { addresses: Record<string, string>[] };
    expect(body.addresses[0]).not.toHaveProperty('from_date');
  });

  it('builds a body the contract accepts, and one it refuses with its messages', () => {
    const options = {
      applicant: 'existing' as const,
      supervisor: null,
      hasApplicationKey: false,
      requirePassword: false,
      minorAge: 18,
      today: '2026-05-20',
      host: 'localhost',
      defaultPhoneRegion: 'GB',
    };
    const schema = buildApplicationBodySchema([withHistory], options);
    const good = addressDetailsBody(withHistory, { ...emptyValues(), addresses: [home] }, context(withHistory));
    expect(schema.safeParse(good).success).toBe(true);
    const none = addressDetailsBody(withHistory, { ...emptyValues(), addresses: [emptyAddressRow('blank')] }, context(withHistory));
    const refused = schema.safeParse(none);
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.message)).toEqual(['Please provide an address']);
  });
});

describe('readAddressRows', () => {
  it('reads a saved application’s addresses: nulls as empty text, YYYY-MM-DD dates as the month', () => {
    expect(
      readAddressRows([
        {
          company_name: null,
          street: '1 High Street',
          street_second: null,
          street_third: null,
          city: 'Bristol',
          county: null,
          postcode: 'BS1 4DJ',
          country: null,
          from_date: '2019-11-01',
        },
        'nonsense',
      ]),
    ).toEqual([{ ...emptyAddressRow('stored-0'), street: '1 High Street', city: 'Bristol', postcode: 'BS1 4DJ', from_date: '2019-11' }]);
    expect(readAddressRows(undefined)).toEqual([]);
  });

  it('places each row’s errors by its position among the rows sent', () => {
    expect(bodyIndexes([home, emptyAddressRow('blank'), { ...home, key: 'x' }])).toEqual([0, null, 1]);
  });
});
