import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../lib/testing/axe';
import { PortalPage } from './portal-page';
import { renderPortalRoute, signIn, stubPortalApi } from './test-support';

const { answers } = stubPortalApi();

const APPLICATIONS = 'GET /api/users/5/applications/';
const STAYS = 'GET /api/users/5/residential-bookings/?include=team&include_cancelled=1';

const renderPortal = (at = '/portal') => renderPortalRoute('/portal', <PortalPage />, at);

describe('PortalPage', () => {
  it('sends a signed-out visitor to sign in and back', async () => {
    renderPortal('/portal#tab=1');
    expect(
      await screen.findByText(`Login page ?intended=${encodeURIComponent('/portal#tab=1')}`),
    ).toBeTruthy();
  });

  it("lists the user's applications and stays (cancelled ones too), linking each to its page, without axe violations", async () => {
    signIn(5);
    answers[APPLICATIONS] = {
      status: 200,
      body: {
        data: [
          {
            id: 9,
            opportunity: { id: 2, slug: 'quick-help', name: 'Quick help' },
            status: 'submitted',
            created_at: '2030-05-02T10:00:00.000Z',
            completed_at: '2030-05-02T10:00:00.000Z',
          },
          {
            id: 4,
            opportunity: { id: 1, slug: 'residential-week', name: 'Residential week' },
            status: 'pending',
            created_at: '2030-04-01T10:00:00.000Z',
            completed_at: null,
          },
        ],
      },
    };
    answers[STAYS] = {
      status: 200,
      body: {
        data: [
          {
            id: 3,
            start_date: '2030-06-01',
            end_date: '2030-06-08',
            status: 'cancelled',
            team: { id: 7, name: 'Hill Farm' },
          },
          {
            id: 8,
            start_date: '2030-07-01',
            end_date: '2030-07-04',
            status: 'confirmed',
            team: { id: 7, name: 'Hill Farm' },
          },
        ],
      },
    };
    const view = renderPortal();
    const applications = await screen.findByRole('table', { name: 'Your applications, newest first' });
    const rows = within(applications).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Quick help2 May 2030Submitted',
      'Residential week1 April 2030Not finished',
    ]);
    const stays = await screen.findByRole('table', { name: 'Your residential stays, latest first' });
    expect(
      within(stays)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'Hill Farm, arriving 1 July 20301 July 20304 July 2030Confirmed',
      'Hill Farm, arriving 1 June 20301 June 20308 June 2030Cancelled',
    ]);
    const links = within(stays).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Hill Farm, arriving 1 July 2030', '/portal/residential/bookings/8'],
      ['Hill Farm, arriving 1 June 2030', '/portal/residential/bookings/3'],
    ]);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('points to the opportunity list when there is nothing yet', async () => {
    signIn(5);
    answers[APPLICATIONS] = { status: 200, body: { data: [] } };
    answers[STAYS] = { status: 200, body: { data: [] } };
    const view = renderPortal();
    expect(await screen.findByText(/You have not applied for anything yet/)).toBeTruthy();
    expect(await screen.findByText(/You have no residential stays booked/)).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Find an opportunity' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', '/']);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('says so when a list cannot be loaded', async () => {
    signIn(5);
    answers[APPLICATIONS] = { status: 403, body: { message: 'You do not have permission to do that.' } };
    answers[STAYS] = { status: 200, body: { data: [] } };
    renderPortal();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not load your applications. Please reload the page to try again.',
    );
  });
});
