import { describe, expect, it } from 'vitest';
import { deletedFrom, writtenTables } from './write-watch.js';

describe('writtenTables', () => {
  it('names the table of each write, as Drizzle and hand-written SQL put it', () => {
    expect(writtenTables('insert into "terms" ("name") values ($1) returning "id"')).toEqual(['terms']);
    expect(writtenTables('update "form_sections" set "name" = $1 where "id" = $2')).toEqual([
      'form_sections',
    ]);
    expect(writtenTables('delete from "public"."opportunities" where "id" = $1')).toEqual([
      'opportunities',
      'opportunities:deleted',
    ]);
    expect(writtenTables('TRUNCATE TABLE Question_Options, terms')).toEqual([
      'question_options',
      'question_options:deleted',
    ]);
    expect(
      writtenTables('with moved as (update teams set name = $1 returning id) insert into "audit" select 1'),
    ).toEqual(['teams', 'audit']);
  });

  it('tells a deletion from an insert or an update, for answers only deletions change', () => {
    expect(writtenTables('insert into "users" ("id") values ($1)')).not.toContain(deletedFrom('users'));
    expect(writtenTables('update "users" set "last_activity_at" = $1')).not.toContain(deletedFrom('users'));
    expect(writtenTables('with "w0" as (delete from "users" where "id" = $1) select 1')).toContain(
      deletedFrom('users'),
    );
  });

  it('names none for reads', () => {
    expect(writtenTables('select "id" from "terms" where "id" = $1')).toEqual([]);
    expect(writtenTables('begin')).toEqual([]);
  });
});
