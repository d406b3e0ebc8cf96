import { describe, expect, it } from 'vitest';
import { writtenTables } from './write-watch.js';

describe('writtenTables', () => {
  it('names the table of each write, as Drizzle and hand-written SQL put it', () => {
    expect(writtenTables('insert into "terms" ("name") values ($1) returning "id"')).toEqual(['terms']);
    expect(writtenTables('update "form_sections" set "name" = $1 where "id" = $2')).toEqual(['form_sections']);
    expect(writtenTables('delete from "public"."opportunities" where "id" = $1')).toEqual(['opportunities']);
    expect(writtenTables('TRUNCATE TABLE Question_Options, terms')).toEqual(['question_options']);
    expect(writtenTables('with moved as (update teams set name = $1 returning id) insert into "audit" select 1')).toEqual([
      'teams',
      'audit',
    ]);
  });

  it('names none for reads', () => {
    expect(writtenTables('select "id" from "terms" where "id" = $1')).toEqual([]);
    expect(writtenTables('begin')).toEqual([]);
  });
});
