import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../lib/testing/axe';
import { readyExport, renderExportPage, signIn, stubExportsApi } from './test-support';

const { answers, requests } = stubExportsApi();

const SHOW = 'GET /api/exports/5';
const CSV = 'GET /api/exports/5/download?format=csv';
const XLSX = 'GET /api/exports/5/download?format=xlsx';
const RESEND = 'POST /api/exports/5/resend';

/** The page's own live status (the download and resend notes are live regions too). */
function pageStatus(): HTMLElement {
  const status = document.querySelector<HTMLElement>('.export-page__status');
  expect(status?.getAttribute('role')).toBe('status');
  return status as HTMLElement;
}

/** The value of a row of the details list, by its term. */
function detail(term: string) {
  const dt = screen.getAllByText(term).find((element) => element.tagName === 'DT');
  return dt?.nextElementSibling?.textContent;
}

/** What the page handed to the browser to save: the link's file name and object URL. */
type Saved = { fileName: string; href: string };

let saved: Saved[];
let blobs: Map<string, Blob>;

beforeEach(() => {
  saved = [];
  blobs = new Map();
  let next = 0;
  // jsdom has no object URLs: a URL class that makes them (the stub's afterEach puts URL back),
  // and the page's link to one is caught when it is clicked.
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL(blob: Blob): string {
        next += 1;
        const href = `blob:http://localhost/${next}`;
        blobs.set(href, blob);
        return href;
      }
      static override revokeObjectURL(): void {}
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ fileName: this.download, href: this.getAttribute('href') ?? '' });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ExportPage', () => {
  it('sends a signed-out visitor to sign in and back', async () => {
    renderExportPage('/exports/5');
    expect(
      await screen.findByText(`Login page ?intended=${encodeURIComponent('/exports/5')}`),
    ).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  describe('while the files are built', () => {
    beforeEach(() => {
      // Only the query's polling interval is faked: Testing Library and axe wait with real timeouts.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('asks every two seconds while queued and running, shows progress, and stops once ready', async () => {
      signIn(5);
      const building = {
        files: [],
        finished_at: null,
        expires_at: null,
      };
      answers[SHOW] = [
        {
          status: 200,
          body: {
            data: readyExport({
              ...building,
              status: 'queued',
              started_at: null,
              progress: { rows_done: 0, rows_total: null, percent: null },
            }),
          },
        },
        {
          status: 200,
          body: {
            data: readyExport({
              ...building,
              status: 'running',
              progress: { rows_done: 1_500, rows_total: 3_000, percent: 50 },
            }),
          },
        },
        { status: 200, body: { data: readyExport() } },
      ];
      const view = renderExportPage('/exports/5');

      expect(await screen.findByRole('heading', { level: 1, name: 'Your export' })).toBeInTheDocument();
      await waitFor(() => expect(pageStatus()).toHaveTextContent('Your export is waiting to start.'));
      expect(screen.getByText('Not started yet.')).toBeInTheDocument();
      expect(screen.getByLabelText('Progress')).not.toHaveAttribute('value');
      expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
      // What it contains, while it is being built too.
      expect(detail('Contains')).toBe('People in your organisation, one row each');
      expect(
        within(screen.getAllByText('Columns')[0]?.nextElementSibling as HTMLElement)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['ID', 'First name', 'Last name', 'Email']);
      expect(detail('Filters')).toBe('Status: Active');
      expect(await axeViolations(view.container)).toEqual([]);
      expect(requests.filter((request) => request.url === '/api/exports/5')).toHaveLength(1);

      await act(() => vi.advanceTimersByTimeAsync(1_999));
      expect(requests.filter((request) => request.url === '/api/exports/5')).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(1));
      await waitFor(() => expect(pageStatus()).toHaveTextContent('Your export is being built: 50% done.'));
      expect(screen.getByLabelText('Progress')).toHaveAttribute('value', '50');
      expect(screen.getByText('1,500 of 3,000 rows written (50%)')).toBeInTheDocument();
      expect(await axeViolations(view.container)).toEqual([]);

      await act(() => vi.advanceTimersByTimeAsync(2_000));
      await waitFor(() => expect(pageStatus()).toHaveTextContent('Your export is ready to download.'));
      expect(screen.queryByLabelText('Progress')).toBeNull();
      expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Download XLSX' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Email me the link again' })).toBeInTheDocument();
      expect(detail('Files kept until')).toBe(
        '8 June 2099 at ' + new Date('2099-06-08T09:00:05.000Z').toTimeString().slice(0, 5),
      );
      expect(requests.filter((request) => request.url === '/api/exports/5')).toHaveLength(3);

      // Ready: no more asking.
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(requests.filter((request) => request.url === '/api/exports/5')).toHaveLength(3);
      expect(await axeViolations(view.container)).toEqual([]);
    });

    it('stops asking when a build fails, and says so with the reason', async () => {
      signIn(5);
      answers[SHOW] = [
        {
          status: 200,
          body: {
            data: readyExport({
              status: 'running',
              files: [],
              expires_at: null,
              progress: { rows_done: 0, rows_total: 40, percent: 0 },
            }),
          },
        },
        {
          status: 200,
          body: {
            data: readyExport({
              status: 'failed',
              files: [],
              expires_at: null,
              error: 'The database could not be read.',
            }),
          },
        },
      ];
      const view = renderExportPage('/exports/5');
      await waitFor(() => expect(pageStatus()).toHaveTextContent('Your export is being built.'));
      expect(screen.getByText('0 of 40 rows written (0%)')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      await waitFor(() =>
        expect(pageStatus()).toHaveTextContent('This export could not be built. Ask for a new one.'),
      );
      expect(screen.getByText('What went wrong: The database could not be read.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Email me the link again' })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(requests.filter((request) => request.url === '/api/exports/5')).toHaveLength(2);
      expect(await axeViolations(view.container)).toEqual([]);
    });
  });

  it('downloads each file with the bearer token and saves it under the name the server gave', async () => {
    const user = userEvent.setup();
    const token = signIn(5);
    answers[SHOW] = { status: 200, body: { data: readyExport() } };
    answers[CSV] = {
      status: 200,
      file: {
        text: '\uFEFFID,First name,Last name,Email\r\n1,Ada,Admin,admin@example.org\r\n',
        type: 'text/csv; charset=utf-8',
        disposition: 'attachment; filename="people-export-5-2030-06-01.csv"',
      },
    };
    answers[XLSX] = {
      status: 200,
      file: {
        text: 'PK-not-really-a-zip',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        disposition:
          'attachment; filename="fallback.xlsx"; filename*=UTF-8\'\'people-export-5-2030-06-01.xlsx',
      },
    };
    const view = renderExportPage('/exports/5');

    const csv = await screen.findByRole('button', { name: 'Download CSV' });
    expect(csv).toHaveAccessibleDescription('CSV file, 5.4 kB');
    expect(screen.getByRole('button', { name: 'Download XLSX' })).toHaveAccessibleDescription(
      'XLSX file, 12.3 kB',
    );
    expect(await axeViolations(view.container)).toEqual([]);

    await user.click(csv);
    expect(
      await screen.findByText('The CSV file has been downloaded as people-export-5-2030-06-01.csv.'),
    ).toHaveAttribute('role', 'status');
    const download = requests.find((request) => request.url.includes('/download'));
    expect(download).toEqual({
      method: 'GET',
      url: '/api/exports/5/download?format=csv',
      authorization: `Bearer ${token}`,
    });
    expect(saved).toEqual([{ fileName: 'people-export-5-2030-06-01.csv', href: 'blob:http://localhost/1' }]);
    const blob = blobs.get('blob:http://localhost/1');
    // The bytes as they came, byte-order mark included.
    expect(new Uint8Array(await (blob as Blob).arrayBuffer()).slice(0, 3)).toEqual(
      new Uint8Array([0xef, 0xbb, 0xbf]),
    );
    expect(await (blob as Blob).text()).toContain('ID,First name,Last name,Email');

    await user.click(screen.getByRole('button', { name: 'Download XLSX' }));
    expect(
      await screen.findByText('The XLSX file has been downloaded as people-export-5-2030-06-01.xlsx.'),
    ).toBeInTheDocument();
    expect(saved.map((file) => file.fileName)).toEqual([
      'people-export-5-2030-06-01.csv',
      'people-export-5-2030-06-01.xlsx',
    ]);
    // The token travels in the header only: no address the page made carries it.
    expect(requests.every((request) => !request.url.includes(token))).toBe(true);
    expect(saved.every((file) => !file.href.includes(token))).toBe(true);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('names the file after the export when the server gives no name', async () => {
    const user = userEvent.setup();
    signIn(5);
    answers[SHOW] = { status: 200, body: { data: readyExport() } };
    answers[CSV] = { status: 200, file: { text: 'ID\r\n', type: 'text/csv' } };
    renderExportPage('/exports/5');
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The CSV file has been downloaded as export-5.csv.')).toBeInTheDocument();
    expect(saved.map((file) => file.fileName)).toEqual(['export-5.csv']);
  });

  it('emails the link again and confirms it', async () => {
    const user = userEvent.setup();
    signIn(5);
    answers[SHOW] = { status: 200, body: { data: readyExport() } };
    answers[RESEND] = { status: 200, body: { data: readyExport() } };
    const view = renderExportPage('/exports/5');
    await user.click(await screen.findByRole('button', { name: 'Email me the link again' }));
    const note = await screen.findByText(
      'We have emailed you the link again. It can take a few minutes to arrive.',
    );
    expect(note).toHaveAttribute('role', 'status');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/exports/5/resend',
        authorization: expect.stringMatching(/^Bearer /) as string,
      },
    ]);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('says when the link cannot be emailed because there is no address', async () => {
    const user = userEvent.setup();
    signIn(5);
    answers[SHOW] = { status: 200, body: { data: readyExport() } };
    answers[RESEND] = { status: 409, body: { message: 'You have no email address to send the link to.' } };
    renderExportPage('/exports/5');
    await user.click(await screen.findByRole('button', { name: 'Email me the link again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not email you the link because your account has no email address. You can download the files here.',
    );
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
  });

  it('tells someone else that the export is not theirs (403)', async () => {
    signIn(6);
    answers[SHOW] = {
      status: 403,
      body: { message: 'Only the person who asked for this export can see it.' },
    };
    const view = renderExportPage('/exports/5');
    await waitFor(() => expect(pageStatus()).toHaveTextContent('This export belongs to someone else.'));
    expect(screen.getByRole('heading', { level: 1, name: 'Your export' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('Contains')).toBeNull();
    // A refusal is not asked again.
    expect(requests).toHaveLength(1);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('says when there is no such export (404)', async () => {
    signIn(5);
    const view = renderExportPage('/exports/5');
    await waitFor(() => expect(pageStatus()).toHaveTextContent('We could not find this export.'));
    expect(
      screen.getByText('It may have been deleted, or it expired and was removed. Ask for a new one.'),
    ).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('says so without asking the API when the address holds no export number', async () => {
    signIn(5);
    renderExportPage('/exports/abc');
    expect(await screen.findByText('We could not find this export.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('shows an export past its expiry as expired, without downloads', async () => {
    signIn(5);
    answers[SHOW] = { status: 200, body: { data: readyExport({ expires_at: '2020-01-01T00:00:00.000Z' }) } };
    const view = renderExportPage('/exports/5');
    await waitFor(() =>
      expect(pageStatus()).toHaveTextContent('This export has expired. Ask for a new one.'),
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(detail('Contains')).toBe('People in your organisation, one row each');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('turns to the expired sentence when a download answers 410, and moves focus to it', async () => {
    const user = userEvent.setup();
    signIn(5);
    answers[SHOW] = { status: 200, body: { data: readyExport() } };
    answers[CSV] = { status: 410, body: { message: 'The export has expired; please ask for it again.' } };
    const view = renderExportPage('/exports/5');
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(pageStatus()).toHaveTextContent('This export has expired. Ask for a new one.'),
    );
    expect(document.activeElement).toBe(pageStatus());
    expect(screen.queryByRole('button')).toBeNull();
    expect(saved).toEqual([]);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('turns to the expired sentence when resending answers 410', async () => {
    const user = userEvent.setup();
    signIn(5);
    answers[SHOW] = { status: 200, body: { data: readyExport() } };
    answers[RESEND] = { status: 410, body: { message: 'The export has expired; please ask for it again.' } };
    renderExportPage('/exports/5');
    await user.click(await screen.findByRole('button', { name: 'Email me the link again' }));
    await waitFor(() =>
      expect(pageStatus()).toHaveTextContent('This export has expired. Ask for a new one.'),
    );
    expect(document.activeElement).toBe(pageStatus());
  });

  it('says so when a download is refused (403) because the requester lost a permission', async () => {
    const user = userEvent.setup();
    signIn(5);
    answers[SHOW] = { status: 200, body: { data: readyExport() } };
    answers[CSV] = {
      status: 403,
      body: { message: 'You no longer have the permissions this export needs.' },
    };
    renderExportPage('/exports/5');
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You no longer have the permissions this export needs, so its files cannot be sent to you.',
    );
    // The record was asked for again, to tell a lost permission from an export that is not theirs.
    expect(requests.filter((request) => request.url === '/api/exports/5')).toHaveLength(2);
    expect(saved).toEqual([]);
  });

  it('turns to the not-theirs sentence when a download is refused and the export is no longer theirs', async () => {
    const user = userEvent.setup();
    signIn(5);
    answers[SHOW] = [
      { status: 200, body: { data: readyExport() } },
      { status: 403, body: { message: 'Only the person who asked for this export can see it.' } },
    ];
    answers[CSV] = {
      status: 403,
      body: { message: 'Only the person who asked for this export can see it.' },
    };
    renderExportPage('/exports/5');
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(pageStatus()).toHaveTextContent('This export belongs to someone else.'));
    expect(document.activeElement).toBe(pageStatus());
  });

  it('offers to try again when a download fails on the way', async () => {
    const user = userEvent.setup();
    signIn(5);
    answers[SHOW] = { status: 200, body: { data: readyExport() } };
    answers[CSV] = { status: 500, body: { message: 'Internal error' } };
    renderExportPage('/exports/5');
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not download the CSV file. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Download CSV' })).not.toHaveAttribute('aria-disabled');
  });

  it('describes a report export by its report and period', async () => {
    signIn(5);
    answers[SHOW] = {
      status: 200,
      body: {
        data: readyExport({
          kind: 'report',
          report: '/analytics/training/by-user',
          columns: ['user_id', 'display_name', 'modules.completed'],
          query: { from: '2030-01-01', to: '2030-03-31', team: [3, 4] },
        }),
      },
    };
    renderExportPage('/exports/5');
    await waitFor(() => expect(pageStatus()).toHaveTextContent('Your export is ready to download.'));
    expect(detail('Contains')).toBe('Rows of the report Training › By user');
    expect(detail('Period')).toBe('1 January 2030 to 31 March 2030');
    expect(detail('Columns')).toBe('User idDisplay nameModules completed');
    expect(detail('Filters')).toBe('Teams: 2 teams chosen');
  });
});
