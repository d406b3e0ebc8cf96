import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { API_MEDIA_TYPE, type Timezone } from '@muster/contract';
import { TimezonePicker, type TimezonePickerProps } from './timezone-picker';

const zones: Timezone[] = [
  { name: 'America/New_York', display_text: '(GMT-05:00) New York' },
  { name: 'Europe/London', display_text: '(GMT+00:00) London' },
  { name: 'Europe/Paris', display_text: '(GMT+01:00) Paris' },
  { name: 'Australia/Sydney', display_text: '(GMT+10:00) Sydney' },
];

let fetchMock: Mock<typeof fetch>;

function okAnswer(data: Timezone[]) {
  return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': API_MEDIA_TYPE } });
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => okAnswer(zones));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function Harness(props: Partial<TimezonePickerProps> & { initial?: string }) {
  const { initial = 'Europe/London', ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimezonePicker label="Time zone" {...rest} value={value} onChange={setValue} />
      <p data-testid="value">[{value}]</p>
      <button type="button">Next</button>
    </>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Time zone' });
const shown = () => screen.getByTestId('value').textContent;
const optionTexts = () => within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
const activeOption = () => document.getElementById(box().getAttribute('aria-activedescendant') ?? '');

async function loaded() {
  await screen.findByDisplayValue('(GMT+00:00) London');
}

describe('TimezonePicker', () => {
  it('is Europe/London by default, uncontrolled', async () => {
    const onChange = vi.fn();
    render(withQueries(<TimezonePicker label="Time zone" onChange={onChange} />));
    await loaded();
    expect(box()).toHaveValue('(GMT+00:00) London');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('loads its options from GET /api/organisation/timezones/ and shows a spinner meanwhile', async () => {
    render(withQueries(<Harness />));
    expect(screen.getAllByRole('status').some((status) => status.textContent === 'Loading time zones…')).toBe(true);
    expect(box()).toHaveAccessibleDescription(/Loading time zones…/);
    await loaded();
    expect(screen.queryByText('Loading time zones…')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/organisation/timezones/', expect.anything());
  });

  it('is a combobox with a hint; Down opens the list on the chosen zone', async () => {
    render(withQueries(<Harness />));
    await loaded();
    expect(box()).toHaveAccessibleDescription('Start typing a city or region, for example London');
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(optionTexts()).toHaveLength(4);
    expect(activeOption()).toHaveTextContent('(GMT+00:00) London');
    expect(activeOption()).toHaveAttribute('aria-selected', 'true');
  });

  it('filters as the user types, by display text or IANA name, and Enter chooses', async () => {
    render(withQueries(<Harness />));
    await loaded();
    await userEvent.clear(box());
    await userEvent.type(box(), 'par');
    expect(optionTexts()).toEqual(['(GMT+01:00) Paris']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(shown()).toBe('[Europe/Paris]');
    expect(box()).toHaveValue('(GMT+01:00) Paris');
    await userEvent.clear(box());
    await userEvent.type(box(), 'new_york');
    expect(optionTexts()).toEqual(['(GMT-05:00) New York']);
  });

  it('moves with Home, End and Up', async () => {
    render(withQueries(<Harness />));
    await loaded();
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}{End}');
    expect(activeOption()).toHaveTextContent('Sydney');
    await userEvent.keyboard('{Home}');
    expect(activeOption()).toHaveTextContent('New York');
    await userEvent.keyboard('{End}{ArrowUp}{Enter}');
    expect(shown()).toBe('[Europe/Paris]');
  });

  it('puts back the chosen zone on Escape', async () => {
    render(withQueries(<Harness />));
    await loaded();
    await userEvent.clear(box());
    await userEvent.type(box(), 'syd{Escape}');
    expect(box()).toHaveValue('(GMT+00:00) London');
    expect(shown()).toBe('[Europe/London]');
  });

  it('on leaving: takes an exact name, puts back on unknown text, clears when emptied', async () => {
    render(withQueries(<Harness />));
    await loaded();
    await userEvent.clear(box());
    await userEvent.type(box(), 'Europe/Paris');
    await userEvent.tab();
    expect(shown()).toBe('[Europe/Paris]');
    await userEvent.clear(box());
    await userEvent.type(box(), 'Atlantis');
    await userEvent.tab();
    expect(shown()).toBe('[Europe/Paris]');
    expect(box()).toHaveValue('(GMT+01:00) Paris');
    await userEvent.clear(box());
    await userEvent.tab();
    expect(shown()).toBe('[]');
  });

  it('says when nothing matches', async () => {
    render(withQueries(<Harness />));
    await loaded();
    await userEvent.clear(box());
    await userEvent.type(box(), 'Atlantis');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('No time zone matches')).toBeInTheDocument();
  });

  it('chooses by mouse from the button-opened list', async () => {
    render(withQueries(<Harness />));
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Show time zones for Time zone' }));
    await userEvent.click(screen.getByRole('option', { name: '(GMT+10:00) Sydney' }));
    expect(shown()).toBe('[Australia/Sydney]');
  });

  it('says when the list cannot be loaded, and tries again on request', async () => {
    fetchMock.mockImplementationOnce(async () => new Response('{}', { status: 503 }));
    render(withQueries(<Harness />));
    expect(await screen.findByText('The list of time zones could not be loaded.')).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await loaded();
    expect(screen.queryByText('The list of time zones could not be loaded.')).toBeNull();
  });

  it('shows an error given by the form', async () => {
    render(withQueries(<Harness initial="" error="Please select an option" />));
    await screen.findByText('Please select an option');
    expect(box()).toHaveAccessibleDescription(/Error: Please select an option/);
    expect(box()).toHaveValue('');
  });

  it('is read-only when asked', async () => {
    render(withQueries(<Harness readOnly />));
    await loaded();
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}x');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('(GMT+00:00) London');
    expect(screen.queryByRole('button', { name: /Show time zones/ })).toBeNull();
  });

  it('works as a react-hook-form field with Europe/London as the default', async () => {
    const onValid = vi.fn();
    function Form() {
      const { control, handleSubmit } = useForm({ defaultValues: { timezone: 'Europe/London' } });
      return (
        <form onSubmit={(event) => void handleSubmit(onValid)(event)}>
          <Controller name="timezone" control={control} render={({ field }) => <TimezonePicker label="Time zone" {...field} />} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(withQueries(<Form />));
    await loaded();
    await userEvent.click(box());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ timezone: 'Europe/Paris' }, expect.anything());
  });
});
