import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REFEREE_CONTACT_REQUIRED, REFEREE_PHONE_REQUIRED, type FormSection } from '@muster/contract';
import { buildTestFormSection } from '@muster/contract/testing';
import { emptyValues, valuesFromSavedApplication } from '../../form-values';
import type { KeyedApplication } from '../../api';
import {
  bodyContextFixture,
  savedApplicationFixture,
  sectionsFixture,
  validationContextFixture,
} from '../../test-fixtures';
import { validateApplication } from '../../validation';
import { renderStep, stepProps } from '../test-support';
import { emptyReferee, referencesBody, type RefereeValues } from './body';
import { lockedRefereeNotice, NO_EMAIL_LABEL, ReferencesStep } from './references-step';

const section = buildTestFormSection('references', {
  id: 6,
  position: 1,
  name: 'References',
  requested_references: 2,
});
const sections: FormSection[] = [sectionsFixture[0]!, section];
const bodyContext = bodyContextFixture(sections);
const validation = validationContextFixture(bodyContext);

/** The references step, second of the form, with these referees; answers the form. */
function renderReferences(references: RefereeValues[] = []) {
  return renderStep(<ReferencesStep {...stepProps(section, { sections, stepIndex: 1 })} />, {
    values: { references },
    validation,
  }).form;
}

function referee(n: number) {
  return screen.getByRole('group', { name: `Referee ${n}` });
}

describe('ReferencesStep', () => {
  it('shows as many referee blocks as the step requests, each with names, email and the no-email box', () => {
    renderReferences();
    expect(screen.getAllByRole('group', { name: /^Referee \d$/ })).toHaveLength(2);
    for (const n of [1, 2]) {
      const block = within(referee(n));
      expect(block.getByRole('textbox', { name: /^First name/ })).toBeInTheDocument();
      expect(block.getByRole('textbox', { name: /^Last name/ })).toBeInTheDocument();
      expect(block.getByRole('textbox', { name: /^Email address/ })).toHaveAttribute('type', 'email');
      expect(block.getByRole('checkbox', { name: NO_EMAIL_LABEL })).not.toBeChecked();
      expect(block.queryByRole('textbox', { name: /^Phone number/ })).not.toBeInTheDocument();
    }
  });

  it('shows more blocks when the answers already hold more referees', () => {
    const saved = [1, 2, 3].map((n) => ({
      ...emptyReferee(),
      id: n,
      first_name: `Ref${n}`,
      last_name: 'Lee',
      email: `r${n}@example.org`,
    }));
    renderReferences(saved);
    expect(screen.getAllByRole('group', { name: /^Referee \d$/ })).toHaveLength(3);
    expect(within(referee(3)).getByRole('textbox', { name: /^First name/ })).toHaveValue('Ref3');
  });

  it('ticking the box clears the email and asks for a phone number; unticking clears the phone number', async () => {
    const user = userEvent.setup();
    const form = renderReferences();
    const block = within(referee(1));
    await user.type(block.getByRole('textbox', { name: /^Email address/ }), 'pat@example.org');
    expect(form().getValues('references.0.email')).toBe('pat@example.org');

    await user.click(block.getByRole('checkbox', { name: NO_EMAIL_LABEL }));
    expect(form().getValues('references.0.email')).toBe('');
    expect(block.queryByRole('textbox', { name: /^Email address/ })).not.toBeInTheDocument();
    const phone = await block.findByRole('textbox', { name: /^Phone number/ });
    await waitFor(() => expect(phone).toBeEnabled());
    await user.type(phone, '07400 123456');
    await waitFor(() =>
      expect(form().getValues('references.0.phone_number_formatted')).toBe('+447400123456'),
    );
    expect(form().getValues('references.0.phone_number_country_code')).toBe('GB');

    await user.click(block.getByRole('checkbox', { name: NO_EMAIL_LABEL }));
    expect(form().getValues('references.0')).toMatchObject({
      no_email: false,
      phone_number: '',
      phone_number_formatted: '',
      phone_number_country_code: '',
    });
    expect(block.queryByRole('textbox', { name: /^Phone number/ })).not.toBeInTheDocument();
    expect(block.getByRole('textbox', { name: /^Email address/ })).toHaveValue('');
  });

  it('locks a referee whose request was sent, and says so', () => {
    renderReferences([
      {
        ...emptyReferee(),
        id: 4,
        first_name: 'Alex',
        last_name: 'Reed',
        email: 'alex@example.org',
        disabled: true,
      },
      { ...emptyReferee(), id: 5, first_name: 'Sam', last_name: 'Hill', email: 'sam@example.org' },
    ]);
    const locked = referee(1);
    expect(locked).toHaveAccessibleDescription(lockedRefereeNotice('Alex'));
    expect(lockedRefereeNotice('Alex')).toBe(
      'You cannot change this referee as a request has already been sent to Alex.',
    );
    const block = within(locked);
    expect(block.getByRole('textbox', { name: /^First name/ })).toHaveAttribute('readonly');
    expect(block.getByRole('textbox', { name: /^Email address/ })).toHaveAttribute('readonly');
    expect(block.getByRole('checkbox', { name: NO_EMAIL_LABEL })).toBeDisabled();
    expect(within(referee(2)).getByRole('textbox', { name: /^First name/ })).not.toHaveAttribute('readonly');
    expect(screen.getAllByText(/You cannot change this referee/)).toHaveLength(1);
  });

  it('checks the step in the browser: the missing parts of each referee show at their boxes', async () => {
    const user = userEvent.setup();
    const form = renderReferences();
    await user.click(within(referee(2)).getByRole('checkbox', { name: NO_EMAIL_LABEL }));
    // The form checks a step by its top-level fields, as the shell does when leaving it.
    await act(async () => {
      await form().trigger(['references']);
    });
    const first = within(referee(1));
    expect(first.getByRole('textbox', { name: /^First name/ })).toHaveAccessibleDescription(
      /First name is required/,
    );
    expect(first.getByRole('textbox', { name: /^Email address/ })).toHaveAccessibleDescription(
      new RegExp(REFEREE_CONTACT_REQUIRED),
    );
    const second = within(referee(2));
    expect(second.getByRole('textbox', { name: /^Last name/ })).toHaveAccessibleDescription(
      /Last name is required/,
    );
    expect(await second.findByRole('textbox', { name: /^Phone number/ })).toHaveAccessibleDescription(
      /Phone number is required/,
    );
  });

  it('shows a server message at its field, tied to the box', async () => {
    const form = renderReferences();
    act(() =>
      form().setError('references.1.email', {
        type: 'server',
        message: 'Please enter a valid email address',
      }),
    );
    const email = within(referee(2)).getByRole('textbox', { name: /^Email address/ });
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Please enter a valid email address/));
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('references: body and validation', () => {
  it('sends the email of a referee with one, the phone fields (no email) of one without, and id/disabled of saved ones', () => {
    const values = emptyValues();
    values.references = [
      {
        ...emptyReferee(),
        id: 9,
        first_name: 'Alex',
        last_name: 'Reed',
        email: 'alex@example.org',
        disabled: true,
      },
      {
        ...emptyReferee(),
        first_name: 'Sam',
        last_name: 'Hill',
        email: 'left-over@example.org',
        no_email: true,
        phone_number: '07400 123456',
        phone_number_formatted: '+447400123456',
        phone_number_country_code: 'GB',
      },
    ];
    expect(referencesBody(section, values, bodyContext)).toEqual({
      references: [
        { id: 9, disabled: true, first_name: 'Alex', last_name: 'Reed', email: 'alex@example.org' },
        {
          first_name: 'Sam',
          last_name: 'Hill',
          phone_number: '07400 123456',
          phone_number_formatted: '+447400123456',
          phone_number_country_code: 'GB',
        },
      ],
    });
    // Blocks not written yet are sent empty, as many as requested.
    expect(referencesBody(section, emptyValues(), bodyContext)).toEqual({
      references: [
        { first_name: '', last_name: '', email: '' },
        { first_name: '', last_name: '', email: '' },
      ],
    });
  });

  it('requires names and an email address, or a phone number when the box is ticked (the contract’s rules)', () => {
    const values = emptyValues();
    values.references = [
      { ...emptyReferee() },
      { ...emptyReferee(), first_name: 'Sam', last_name: 'Hill', no_email: true },
    ];
    const messages = validateApplication(values, validation, 1);
    expect(messages.get('references.0.first_name')).toBe('First name is required');
    expect(messages.get('references.0.last_name')).toBe('Last name is required');
    expect(messages.get('references.0.email')).toBe(REFEREE_CONTACT_REQUIRED);
    expect(messages.get('references.1.phone_number')).toBe(REFEREE_PHONE_REQUIRED);
    expect(messages.has('references.1.email')).toBe(false);

    values.references = [
      { ...emptyReferee(), first_name: 'Pat', last_name: 'Lee', email: 'pat@example' },
      {
        ...emptyReferee(),
        first_name: 'Sam',
        last_name: 'Hill',
        no_email: true,
        phone_number: '12',
        phone_number_country_code: 'GB',
      },
    ];
    const formats = validateApplication(values, validation, 1);
    expect(formats.get('references.0.email')).toBe('Please enter a valid email address');
    expect(formats.get('references.1.phone_number')).toBe('Please enter a valid telephone number');
  });

  it('takes the referees of an application opened by its key, phone-only ones with the box ticked', () => {
    const saved = {
      references: [
        {
          id: 1,
          first_name: 'Alex',
          last_name: 'Reed',
          email: 'alex@example.org',
          phone_number: null,
          phone_number_country_code: null,
          disabled: true,
        },
        {
          id: 2,
          first_name: 'Sam',
          last_name: 'Hill',
          email: null,
          phone_number: '+447400123456',
          phone_number_country_code: 'GB',
          disabled: false,
        },
      ],
    } as unknown as KeyedApplication;
    expect(valuesFromSavedApplication({ ...savedApplicationFixture(), ...saved }).references).toEqual([
      {
        ...emptyReferee(),
        id: 1,
        first_name: 'Alex',
        last_name: 'Reed',
        email: 'alex@example.org',
        disabled: true,
      },
      {
        ...emptyReferee(),
        id: 2,
        first_name: 'Sam',
        last_name: 'Hill',
        no_email: true,
        phone_number: '+447400123456',
        phone_number_formatted: '+447400123456',
        phone_number_country_code: 'GB',
      },
    ]);
  });
});
