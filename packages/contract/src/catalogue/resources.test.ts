import { describe, expect, it } from 'vitest';
import { paginationQuerySchema } from './pagination.js';
import {
  organisationConsentBodySchema,
  organisationRoleProfileBodySchema,
  organisationTeamBodySchema,
  organisationTermBodySchema,
} from './resources.js';

function errors(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('write schemas', () => {
  it('trims text and refuses blank or overlong names with a sentence', () => {
    expect(
      organisationTermBodySchema.parse({ name: '  Agreement ', link: 'https://example.test/a' }),
    ).toEqual({
      name: 'Agreement',
      link: 'https://example.test/a',
    });
    expect(
      errors(organisationTermBodySchema.safeParse({ name: '   ', link: 'https://example.test' })),
    ).toEqual({
      name: 'Please enter a name.',
    });
    expect(
      errors(organisationTermBodySchema.safeParse({ name: 'x'.repeat(256), link: 'https://example.test' })),
    ).toEqual({ name: 'The name may be at most 255 characters.' });
  });

  it('accepts only http(s) links for terms', () => {
    for (const link of ['javascript:alert(1)', 'ftp://example.test/terms', 'not a link']) {
      expect(errors(organisationTermBodySchema.safeParse({ name: 'Terms', link })), link).toEqual({
        link: 'Please enter a link starting with http:// or https://.',
      });
    }
  });

  it('keeps omitted optional fields absent, so the database default or the stored value applies', () => {
    expect(organisationRoleProfileBodySchema.parse({ display_name: 'Driver' })).toEqual({
      display_name: 'Driver',
    });
    expect(organisationTeamBodySchema.partial().parse({})).toEqual({});
  });

  it('names the consent types of the spec', () => {
    expect(errors(organisationConsentBodySchema.safeParse({ statement: 'OK', type: 'select' }))).toEqual({
      type: 'The type must be radio, checkbox or multiple-checkboxes.',
    });
    for (const type of ['radio', 'checkbox', 'multiple-checkboxes']) {
      expect(organisationConsentBodySchema.safeParse({ statement: 'OK', type }).success, type).toBe(true);
    }
  });
});

describe('paginationQuerySchema', () => {
  it('defaults to page 1 of 25 and coerces query strings', () => {
    expect(paginationQuerySchema().parse({})).toEqual({ page: 1, per_page: 25 });
    expect(paginationQuerySchema().parse({ page: '3', per_page: '100' })).toEqual({ page: 3, per_page: 100 });
  });

  it('refuses values out of range instead of clamping them', () => {
    expect(errors(paginationQuerySchema().safeParse({ per_page: '101' }))).toEqual({
      per_page: 'The number per page may be at most 100.',
    });
    expect(paginationQuerySchema(300).safeParse({ per_page: '300' }).success).toBe(true);
    expect(errors(paginationQuerySchema().safeParse({ page: 'two' }))).toEqual({
      page: 'The page must be a whole number.',
    });
  });
});
