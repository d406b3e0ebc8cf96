import { describe, expect, it } from 'vitest';
import { buildTestFormSection as section } from '../../test-factories.js';
import { buildApplicationBodySchema } from '../body.js';
import { errorsOf, options, person } from '../test-support.js';

describe('buildApplicationBodySchema: about you (questions and attributes)', () => {
  it('uses the custom message of a field over the default, and the host in link messages', () => {
    const fields = [
      {
        id: 1,
        slug: 'site',
        name: 'Site',
        type: 'link',
        compulsory: true,
        message: null,
        options: [],
        position: 0,
      },
      {
        id: 2,
        slug: 'size',
        name: 'Size',
        type: 'dropdown',
        compulsory: true,
        message: 'Pick a size',
        options: [],
        position: 1,
      },
    ];
    const schema = buildApplicationBodySchema(
      [section('basic-details'), section('about-you', { questions: fields })],
      options,
    );
    expect(errorsOf(schema.safeParse({ ...person, questions: { site: 'not a link' } }))).toEqual({
      'questions.site': ['Please provide a valid link (e.g. volunteer.example.org)'],
      'questions.size': ['Pick a size'],
    });
  });

  it('stores custom values by type: numbers as numbers, booleans from 1/0, checkboxes as lists, files as ids', () => {
    const attribute = (slug: string, type: string, extra: object = {}) => ({
      attribute: {
        id: slug.length,
        slug,
        name: slug,
        type,
        compulsory: false,
        message: null,
        options: [],
        position: 0,
        permission: 'write' as const,
        category: null,
        ...extra,
      },
    });
    const schema = buildApplicationBodySchema(
      [
        section('basic-details'),
        section('about-you', {
          attributes: [
            attribute('years', 'integer'),
            attribute('driver', 'boolean'),
            attribute('likes', 'checkboxes'),
            attribute('cv', 'file'),
            attribute('badge', 'text', { permission: 'read-only', compulsory: true }),
          ],
        }),
      ],
      options,
    );
    const id = '4b1c6a5e-8f6f-4f55-9d5e-0c8a8a2a6f11';
    const result = schema.parse({
      ...person,
      attributes: {
        years: '12',
        driver: '0',
        likes: { '0': 'a', '1': 'b' },
        cv: { '0': { id, url: `/api/files/${id}` } },
        badge: 'ignored',
      },
    });
    expect(result.attributes).toEqual({
      years: { value: 12, fileIds: [] },
      driver: { value: false, fileIds: [] },
      likes: { value: ['a', 'b'], fileIds: [] },
      cv: { value: null, fileIds: [id] },
    });
  });
});
