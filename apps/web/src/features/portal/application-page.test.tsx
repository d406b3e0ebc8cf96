import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../lib/testing/axe';
import { ApplicationPage } from './application-page';
import { renderPortalRoute, signIn, stubPortalApi } from './test-support';

const { answers, requests } = stubPortalApi();

const renderAt = (at: string) =>
  renderPortalRoute('/portal/applicant/dashboard/:applicationId', <ApplicationPage />, at);

describe('ApplicationPage', () => {
  it('sends a signed-out visitor to sign in and back', async () => {
    renderAt('/portal/applicant/dashboard/9');
    expect(
      await screen.findByText(`Login page ?intended=${encodeURIComponent('/portal/applicant/dashboard/9')}`),
    ).toBeTruthy();
  });

  it('shows the application as submitted, without axe violations', async () => {
    signIn(5);
    answers['GET /api/users/5/applications/9'] = {
      status: 200,
      body: {
        data: {
          id: 9,
          opportunity: { id: 1, slug: 'residential-week', name: 'Residential week' },
          status: 'submitted',
          created_at: '2030-05-02T10:00:00.000Z',
          completed_at: '2030-05-02T10:00:00.000Z',
          answers: [
            { question: 'Favourite colour', answer: 'Green', files: [] },
            { question: 'Your CV', answer: null, files: ['cv.pdf'] },
          ],
          documents: [{ type: 'Passport', file_name: 'passport.pdf' }],
          referees: [
            { name: 'Ann Lee', answered: true },
            { name: 'Bo Kim', answered: false },
          ],
        },
      },
    };
    const view = renderAt('/portal/applicant/dashboard/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Residential week' })).toBeTruthy();
    expect(screen.getByText('Submitted')).toBeTruthy();
    expect(screen.getByText('2 May 2030')).toBeTruthy();
    expect(screen.getByText('Green')).toBeTruthy();
    expect(screen.getByText('cv.pdf')).toBeTruthy();
    expect(screen.getByText('Passport: passport.pdf')).toBeTruthy();
    expect(screen.getByText('Ann Lee: reference received')).toBeTruthy();
    expect(screen.getByText('Bo Kim: waiting for their reference')).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('shows the not-found page for an application that is not theirs', async () => {
    signIn(6);
    answers['GET /api/users/6/applications/9'] = {
      status: 404,
      body: { message: 'This application does not exist.' },
    };
    const view = renderAt('/portal/applicant/dashboard/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Application not found' })).toBeTruthy();
    expect(screen.getByText('This application does not exist, or it is not yours to see.')).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('does not ask the API about an address that names no application', async () => {
    signIn(5);
    renderAt('/portal/applicant/dashboard/first');
    expect(await screen.findByRole('heading', { level: 1, name: 'Application not found' })).toBeTruthy();
    expect(requests.filter((request) => request.url.includes('/applications/'))).toEqual([]);
  });
});
