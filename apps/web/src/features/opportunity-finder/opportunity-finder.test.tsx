import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpportunityListItem } from '@muster/contract';
import { axeViolations } from '../../lib/testing/axe';
import { FINDER_PAGE_SIZE } from './finder-query';
import { OpportunityFinder } from './opportunity-finder';

const BEACH: OpportunityListItem = {
  id: 2,
  slug: 'beach-clean',
  display_name: 'Beach Clean at Sandy Bay',
  type: 'One-off',
  residential: false,
  team: { id: 3, name: 'Coastal Team' },
  start_date: '2030-06-15',
  end_date: '2030-06-15',
  summary: 'Join the Coastal Team for a morning clearing litter from Sandy Bay.',
  country: null,
  county: null,
};

const LAKES: OpportunityListItem = {
  id: 3,
  slug: 'residential-week',
  display_name: 'Residential Week at Lakeside Lodge',
  type: 'Residential-short',
  residential: true,
  team: { id: 4, name: 'Lakeside Lodge' },
  start_date: '2030-06-01',
  end_date: '2030-12-01',
  summary: null,
  country: { region: 'GB', name: 'United Kingdom' },
  county: 'Cumbria',
};

function listOf(items: OpportunityListItem[], total = items.length, page = 1) {
  return { data: items, meta: { current_page: page, per_page: FINDER_PAGE_SIZE, total } };
}

/** Requests the page made, as `path?query`. */
let requests: string[];
/** Answers by path; each gets the request's query. */
let routes: Record<string, (query: URLSearchParams) => unknown>;

function network(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
  requests.push(`${url.pathname}${url.search}`);
  const route = routes[url.pathname];
  const body = route ? route(url.searchParams) : { message: 'Not found' };
  return Promise.resolve(
    new Response(JSON.stringify(body), {
      status: route ? 200 : 404,
      headers: { 'Content-Type': 'application/vnd.muster.v3+json' },
    }),
  );
}

function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

function renderFinder(at = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <main>
          <Routes>
            <Route
              path="/"
              element={
                <>
                  <h1>Muster</h1>
                  <OpportunityFinder />
                </>
              }
            />
            <Route path="/apply/:slug" element={<p>Application form</p>} />
          </Routes>
          <LocationProbe />
        </main>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;

/** A card's facts, term to description. */
function factsOf(card: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    [...card.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent ?? '',
    ]),
  );
}

beforeEach(() => {
  requests = [];
  routes = {
    '/api/opportunities/': (query) =>
      query.get('search') === 'beach'
        ? listOf([BEACH])
        : query.get('search')
          ? listOf([])
          : listOf([LAKES, BEACH]),
    '/api/residential-opportunities/countries': () => ({
      data: [
        { region: 'IE', name: 'Ireland' },
        { region: 'GB', name: 'United Kingdom' },
      ],
    }),
    '/api/residential-opportunities/counties/': (query) => ({
      data: query.get('country') === 'GB' ? [{ name: 'Cornwall' }, { name: 'Cumbria' }] : [{ name: 'Kerry' }],
    }),
    '/api/residential-opportunities/': () => listOf([LAKES]),
  };
  vi.stubGlobal('fetch', vi.fn(network));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OpportunityFinder', () => {
  it('lists the opportunities as cards linking to their forms, without axe violations', async () => {
    const { container } = renderFinder();
    const list = await screen.findByRole('list');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const beach = cards[1]!;
    expect(within(beach).getByRole('link', { name: 'Beach Clean at Sandy Bay' }).getAttribute('href')).toBe(
      '/apply/beach-clean',
    );
    expect(factsOf(beach)).toEqual({ Type: 'One-off', Team: 'Coastal Team', Dates: '15/06/2030' });
    expect(beach.textContent).toContain(
      'Join the Coastal Team for a morning clearing litter from Sandy Bay.',
    );
    expect(factsOf(cards[0]!)).toEqual({
      Type: 'Residential, short stay',
      Team: 'Lakeside Lodge',
      Dates: '01/06/2030 to 01/12/2030',
      Where: 'Cumbria, United Kingdom',
    });
    expect(screen.getByRole('status').textContent).toBe('2 opportunities');
    expect(requests).toContain(`/api/opportunities/?page=1&per_page=${FINDER_PAGE_SIZE}`);
    await screen.findByRole('option', { name: 'United Kingdom' });
    expect(await axeViolations(container)).toEqual([]);
  });

  it('searches through the address, and opens a result', async () => {
    const user = userEvent.setup();
    renderFinder();
    await screen.findByRole('list');
    await user.type(screen.getByRole('searchbox', { name: 'Search opportunities' }), 'beach');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/?search=beach');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(requests).toContain(`/api/opportunities/?search=beach&page=1&per_page=${FINDER_PAGE_SIZE}`);
    // Focus moves to the results after a search.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Opportunities' }));
    await user.click(screen.getByRole('link', { name: 'Beach Clean at Sandy Bay' }));
    expect(location()).toBe('/apply/beach-clean');
  });

  it('shows the earlier search again on going back', async () => {
    const user = userEvent.setup();
    renderFinder('/?search=beach');
    await screen.findByRole('link', { name: 'Beach Clean at Sandy Bay' });
    const box = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search opportunities' });
    await user.clear(box());
    await user.type(box(), 'volcano');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('No opportunities match your search');
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(location()).toBe('/?search=beach');
    await screen.findByRole('link', { name: 'Beach Clean at Sandy Bay' });
    expect(box().value).toBe('beach');
  });

  it('says so when nothing matches, without axe violations', async () => {
    const { container } = renderFinder('/?search=volcano');
    expect(await screen.findByText('No opportunities match your search')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search opportunities' }).value).toBe(
      'volcano',
    );
    expect(screen.getByRole('link', { name: 'see every opportunity' }).getAttribute('href')).toBe('/');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('offers the counties of the chosen country, and filters residential ones by both', async () => {
    const user = userEvent.setup();
    renderFinder();
    const country = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Country' });
    const county = screen.getByRole<HTMLSelectElement>('combobox', { name: 'County' });
    expect(county.disabled).toBe(true);
    await screen.findByRole('option', { name: 'Ireland' });
    await user.selectOptions(country, 'GB');
    expect(county.disabled).toBe(false);
    await within(county).findByRole('option', { name: 'Cumbria' });
    expect(
      within(county)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any county', 'Cornwall', 'Cumbria']);
    await user.selectOptions(county, 'Cumbria');
    // Another country: its own counties, and the county chosen before is cleared.
    await user.selectOptions(country, 'IE');
    await within(county).findByRole('option', { name: 'Kerry' });
    expect(county.value).toBe('');
    await user.selectOptions(country, 'GB');
    await within(county).findByRole('option', { name: 'Cumbria' });
    await user.selectOptions(county, 'Cumbria');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/?country=GB&county=Cumbria');
    await waitFor(() =>
      expect(requests).toContain(
        `/api/residential-opportunities/?page=1&per_page=${FINDER_PAGE_SIZE}&country=GB&county=Cumbria`,
      ),
    );
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });

  it('pages with Previous and Next, keeping the search in the address', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: FINDER_PAGE_SIZE }, (_, index) => ({
      ...BEACH,
      id: 100 + index,
      slug: `clean-${index}`,
      display_name: `Clean ${index}`,
    }));
    routes['/api/opportunities/'] = (query) =>
      query.get('page') === '2'
        ? listOf([LAKES], FINDER_PAGE_SIZE + 1, 2)
        : listOf(many, FINDER_PAGE_SIZE + 1);
    renderFinder('/?search=clean');
    const pages = await screen.findByRole('navigation', { name: 'Pages of opportunities' });
    expect(pages.textContent).toContain('Page 1 of 2');
    expect(screen.getByRole('status').textContent).toBe(
      `Showing 1 to ${FINDER_PAGE_SIZE} of ${FINDER_PAGE_SIZE + 1} opportunities`,
    );
    expect(within(pages).queryByRole('link', { name: 'Previous' })).toBeNull();
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(location()).toBe('/?search=clean&page=2');
    await screen.findByRole('link', { name: 'Residential Week at Lakeside Lodge' });
    expect(screen.getByRole('navigation', { name: 'Pages of opportunities' }).textContent).toContain(
      'Page 2 of 2',
    );
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Previous' }));
    expect(location()).toBe('/?search=clean');
  });

  it('offers the last page when the address names a page past the end', async () => {
    routes['/api/opportunities/'] = () => listOf([], 3, 9);
    renderFinder('/?page=9');
    expect(await screen.findByText('There is no page 9: 3 opportunities fill one page.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the last page' }).getAttribute('href')).toBe('/');
  });

  it('says when the list cannot be loaded', async () => {
    delete routes['/api/opportunities/'];
    renderFinder();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not load the opportunities. Please try again.',
    );
  });
});
