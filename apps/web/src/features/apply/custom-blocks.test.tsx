import { buildTestFormSection } from '@muster/contract/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { CustomBlocks } from './custom-blocks';
import { emptyValues, type ApplicationFormValues } from './form-values';
import { organisationFixture } from './test-fixtures';

const section = buildTestFormSection('about-you', {
  id: 3,
  position: 2,
  name: 'About you',
  attributes: [
    {
      attribute: {
        id: 40,
        slug: 'emergency-phone',
        name: 'Emergency contact telephone',
        type: 'telephone',
        compulsory: true,
        message: null,
        options: [],
        position: 0,
        permission: 'write',
        category: { id: 5, name: 'Personal' },
      },
    },
  ],
});

function Value() {
  const value = useWatch<ApplicationFormValues>({ name: 'attributes.emergency-phone' });
  return <output data-testid="value">{JSON.stringify(value ?? null)}</output>;
}

function Form({ children }: { children: ReactNode }) {
  const form = useForm<ApplicationFormValues>({ defaultValues: emptyValues() });
  return (
    <FormProvider {...form}>
      {children}
      <Value />
    </FormProvider>
  );
}

describe('CustomBlocks', { timeout: 20_000 }, () => {
  it.each([
    ['IE', 'Ireland +353', '085 123 4567', '+353851234567'],
    ['', 'United Kingdom +44', '07911 123456', '+447911123456'],
  ])('reads telephone answers typed without a country code in the opportunity’s region (%s, else GB)', async (region, flag, typed, sent) => {
    const user = userEvent.setup();
    render(
      <Form>
        <CustomBlocks
          section={section}
          organisation={organisationFixture}
          opportunity={{ default_phone_country_code: region }}
          onUploadingChange={() => undefined}
        />
      </Form>,
    );
    await screen.findByRole('button', { name: `Country code: ${flag}` });
    await user.type(screen.getByRole('textbox', { name: /^Emergency contact telephone/ }), typed);
    expect(JSON.parse(screen.getByTestId('value').textContent ?? 'null')).toBe(sent);
  });
});
