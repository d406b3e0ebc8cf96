import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MEDIA_TYPE } from '@muster/contract';
import { BookingSection } from './booking-section';

const opportunity = {
  id: 3,
  slug: 'residential-week',
  type: 'Residential-short',
  display_name: 'Residential week',
  description: null,
  public_url: null,
  role_profile: { id: 1, display_name: 'Volunteer', disclaimer: null },
  team: { id: 42, name: 'Lakeside Lodge' },
  default_phone_country_code: 'GB',
  start_date: null,
  end_date: null,
  sub_locations: [
    {
      id: 1,
      name: 'Lodge',
      timeslots: [{ id: 1, start: null, end: null, min_duration: 7, max_duration: 14 }],
    },
  ],
};

let requested: string[] = [];

beforeEach(() => {
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      requested.push(url);
      const body = url.includes('opportunities/')
        ? { data: opportunity }
        : url.includes('changeover-days')
          ? { data: { data: [] } }
          : { data: { data: {} } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': API_MEDIA_TYPE } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BookingSection', () => {
  it('shows the picker for the demo opportunity’s team in every state', async () => {
    render(<BookingSection />);
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 4 }).length).toBeGreaterThan(0));
    const states = screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent);
    expect(states).toEqual([
      'Empty (inline)',
      'Filled (dropdown)',
      'Filled, more durations',
      'Error',
      'Read-only',
      'Busy',
    ]);
    expect(requested[0]).toContain('/api/opportunities/residential-week');
    await waitFor(() =>
      expect(requested.some((url) => url.includes('/api/teams/42/residential/changeover-days/'))).toBe(true),
    );
    expect(screen.getByText('Please select a start and end date')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Length of stay' })).toBeInTheDocument();
  });
});
