import { sql, type SQL } from 'drizzle-orm';
import { USER_EXPORT_FIELDS, type ExportField, type UserExportField } from '@muster/contract';

/**
 * How each column of a users export is read, over `users u` of organisation `org`. Every value is
 * text or a number, so both database drivers hand back the same thing (dates as ISO text). "Now"
 * for teams and roles: a role counts while it has no end date or ends today or later.
 */
const FIELD_SQL: Record<UserExportField, (org: number) => SQL> = {
  id: () => sql`u.id`,
  title: () => sql`u.title`,
  first_name: () => sql`u.first_name`,
  last_name: () => sql`u.last_name`,
  preferred_name: () => sql`u.preferred_name`,
  email: (org) => sql`(
    select e.email from user_email_addresses e
    where e.user_id = u.id and e.organisation_id = ${org} and e.primary
    order by e.id limit 1)`,
  phone: (org) => sql`(
    select p.phone_number from user_phone_numbers p
    where p.user_id = u.id and p.organisation_id = ${org} and p.primary
    order by p.id limit 1)`,
  date_of_birth: () => sql`u.dob::text`,
  status: () => sql`(select s.name from user_statuses s where s.id = u.status_id)`,
  teams: (org) => sql`(
    select string_agg(distinct t.name, '; ' order by t.name)
    from user_roles r join teams t on t.id = r.team_id
    where r.user_id = u.id and r.organisation_id = ${org}
      and (r.end_date is null or r.end_date >= current_date))`,
  roles: (org) => sql`(
    select string_agg(distinct rp.display_name, '; ' order by rp.display_name)
    from user_roles r join role_profiles rp on rp.id = r.role_profile_id
    where r.user_id = u.id and r.organisation_id = ${org}
      and (r.end_date is null or r.end_date >= current_date))`,
  address: (org) => sql`(
    select concat_ws(', ', a.company_name, a.street, a.street_second, a.street_third, a.city, a.county, a.postcode, a.country)
    from user_addresses a
    where a.user_id = u.id and a.organisation_id = ${org} and not a.historical
    order by a.id desc limit 1)`,
  postcode: (org) => sql`(
    select a.postcode from user_addresses a
    where a.user_id = u.id and a.organisation_id = ${org} and not a.historical
    order by a.id desc limit 1)`,
  joined: () => sql`to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD')`,
  last_active: () => sql`to_char(u.last_activity_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

/** The select list of the chosen columns, each aliased by its key. */
export function userFieldSelect(columns: readonly UserExportField[], organisationId: number): SQL {
  return sql.join(
    columns.map((key) => sql`${FIELD_SQL[key](organisationId)} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/** The heading of each chosen column. */
export function userFieldLabels(columns: readonly UserExportField[]): string[] {
  return columns.map((key) => USER_EXPORT_FIELDS.find((field) => field.key === key)?.label ?? key);
}

/** The columns a users export may choose, as `/exports/fields/` lists them. */
export function userExportFields(): ExportField[] {
  return USER_EXPORT_FIELDS.map((field) => ({ ...field, kind: 'users' as const }));
}
