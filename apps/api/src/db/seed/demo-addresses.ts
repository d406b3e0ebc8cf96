import type { Executor } from '../client.js';
import { upsertAddresses, type AddressInsert } from '../import/addresses.js';
import { DEMO_ADDRESS_SOURCE } from '../schema/index.js';

/**
 * One postcode of the demo gazetteer: the houses of one street (numbers from `from` to `to`,
 * every `step`), optionally flats in a named building, and a few named organisations. Invented
 * for the demo, in the style of real UK addresses (Bristol, Bath and the North Somerset coast).
 */
type DemoPostcode = {
  postcode: string;
  street: string;
  city: string;
  county: string;
  houses?: { from: number; to: number; step?: number };
  flats?: { building: string; count: number };
  companies?: Array<{ name: string; number: string }>;
};

const BRISTOL = { city: 'Bristol', county: 'City of Bristol' };
const BATH = { city: 'Bath', county: 'Bath and North East Somerset' };
const WESTON = { city: 'Weston-super-Mare', county: 'North Somerset' };
const CLEVEDON = { city: 'Clevedon', county: 'North Somerset' };

/**
 * The demo postcodes. `BS1 4DJ` (Welsh Back, 14 addresses) is the one to try a postcode search
 * with; `Beach Road, Weston-super-Mare` spans two postcodes (a street container when searched as
 * words); High Street exists in four towns ("10 high st bris" finds one address).
 */
const DEMO_POSTCODES: readonly DemoPostcode[] = [
  {
    postcode: 'BS1 4DJ',
    street: 'Welsh Back',
    ...BRISTOL,
    houses: { from: 1, to: 23, step: 2 },
    companies: [
      { name: 'Harbourside Volunteer Centre', number: '25' },
      { name: 'The Old Granary', number: '27' },
    ],
  },
  { postcode: 'BS1 4RB', street: 'King Street', ...BRISTOL, houses: { from: 2, to: 40, step: 2 } },
  {
    postcode: 'BS1 4QA',
    street: 'Queen Square',
    ...BRISTOL,
    houses: { from: 1, to: 30 },
    companies: [{ name: 'Demo Volunteers', number: '31' }],
  },
  {
    postcode: 'BS1 6UZ',
    street: 'Narrow Quay',
    ...BRISTOL,
    flats: { building: 'Harbour View House', count: 24 },
  },
  { postcode: 'BS1 2AW', street: 'High Street', ...BRISTOL, houses: { from: 1, to: 40 } },
  { postcode: 'BS8 4RU', street: 'Clifton Vale', ...BRISTOL, houses: { from: 1, to: 35 } },
  { postcode: 'BA1 1BZ', street: 'Milsom Street', ...BATH, houses: { from: 1, to: 40 } },
  { postcode: 'BA2 4BU', street: 'Great Pulteney Street', ...BATH, houses: { from: 1, to: 25 } },
  { postcode: 'BA2 4BW', street: 'Great Pulteney Street', ...BATH, houses: { from: 26, to: 50 } },
  { postcode: 'BA1 5AW', street: 'High Street', ...BATH, houses: { from: 1, to: 20 } },
  { postcode: 'BS23 1BA', street: 'Beach Road', ...WESTON, houses: { from: 1, to: 59, step: 2 } },
  { postcode: 'BS23 1BB', street: 'Beach Road', ...WESTON, houses: { from: 2, to: 60, step: 2 } },
  {
    postcode: 'BS23 1AL',
    street: 'Marine Parade',
    ...WESTON,
    houses: { from: 1, to: 30 },
    companies: [{ name: 'Weston Beach Lifeguards', number: 'Marine Lake Kiosk' }],
  },
  { postcode: 'BS23 1JH', street: 'High Street', ...WESTON, houses: { from: 1, to: 24 } },
  { postcode: 'BS21 7QU', street: 'The Beach', ...CLEVEDON, houses: { from: 1, to: 20 } },
  { postcode: 'BS21 7NE', street: 'Hill Road', ...CLEVEDON, houses: { from: 1, to: 40 } },
  { postcode: 'BS21 6JH', street: 'High Street', ...CLEVEDON, houses: { from: 1, to: 18 } },
];

/** The demo gazetteer as rows, in a fixed order with stable keys (467 addresses). */
export function demoAddressRows(): AddressInsert[] {
  const rows: AddressInsert[] = [];
  for (const place of DEMO_POSTCODES) {
    const common = {
      source: DEMO_ADDRESS_SOURCE,
      street: place.street,
      city: place.city,
      district: place.county,
      region: 'England',
      postcode: place.postcode,
      country: 'United Kingdom',
    };
    const key = (part: string) => `${place.postcode.replace(' ', '')}:${part}`;
    if (place.houses) {
      for (let number = place.houses.from; number <= place.houses.to; number += place.houses.step ?? 1) {
        rows.push({ ...common, sourceKey: key(String(number)), number: String(number) });
      }
    }
    if (place.flats) {
      for (let flat = 1; flat <= place.flats.count; flat += 1) {
        rows.push({
          ...common,
          sourceKey: key(`flat-${flat}`),
          unit: `Flat ${flat}`,
          number: place.flats.building,
        });
      }
    }
    for (const company of place.companies ?? []) {
      rows.push({ ...common, sourceKey: key(company.number), company: company.name, number: company.number });
    }
  }
  return rows;
}

/** Loads the demo gazetteer (source `demo`); running it again leaves the rows as they are. */
export async function seedDemoAddresses(db: Executor): Promise<void> {
  await upsertAddresses(db, demoAddressRows());
}
