import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createTenant } from '../../test/factories/catalogue.js';
import { DEFAULT_NEW_USER_TEMPLATE, renderTemplate } from './new-user-preview.js';
import { calendarAvailableTypesResponseSchema } from '@muster/contract';

let ctx: TestContext;

type Headers = { host: string; authorization?: string };

async function tenant() {
  const created = await createTenant(ctx.app, {
    templates: ['view-email-templates', 'manage-email-templates'],
    calendar: ['view-calendar'],
    nobody: [],
  });
  return { ...created, anonymous: { host: created.host } as Headers };
}

let a: Awaited<ReturnType<typeof tenant>>;
let b: Awaited<ReturnType<typeof tenant>>;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await tenant();
  b = await tenant();
});
afterAll(() => ctx?.close());

describe('renderTemplate', () => {
  it('fills known placeholders, leaves unknown ones as written and escapes nothing', () => {
    expect(
      renderTemplate('Hi {{first_name}} {{ last_name }}, <b>{{unknown}}</b> {{first_name}}', {
        first_name: '<Sam & "Jo">',
        last_name: '{{first_name}}',
      }),
    ).toBe('Hi <Sam & "Jo"> {{first_name}}, <b>{{unknown}}</b> <Sam & "Jo">');
  });
});

describe('GET /organisation/email-templates/new-user/preview', () => {
  const previewOf = (headers: Headers, query = '') =>
    ctx.app.inject({ url: `/api/organisation/email-templates/new-user/preview${query}`, headers });

  it('renders the built-in template as text before the organisation writes its own', async () => {
    const response = await previewOf(
      a.templates,
      '?first_name=Sam&login_url=https%3A%2F%2Fexample.test%2Flogin',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const [organisation] = await ctx.db.select().from(organisations).where(eq(organisations.id, a.id));
    expect(response.body.startsWith(`Subject: Welcome to ${organisation?.name ?? ''}\n\nHello Sam,`)).toBe(
      true,
    );
    expect(response.body).toContain('Sign in at https://example.test/login');
    // No value for the email: the placeholder shows what is still missing.
    expect(response.body).toContain('({{email}})');
    expect(DEFAULT_NEW_USER_TEMPLATE.body).toContain('{{first_name}}');
  });

  it('renders the organisation’s own new-user template (stored through the catalogue), the latest one', async () => {
    const store = (body: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/organisation/email-templates/',
        headers: a.templates,
        payload: body,
      });
    expect((await store({ key: 'welcome-back', subject: 'Not this one', body: 'Nope' })).statusCode).toBe(
      201,
    );
    expect(
      (await store({ name: 'new-user', subject: 'Older', body: 'Old body {{first_name}}' })).statusCode,
    ).toBe(201);
    const created = await store({
      key: 'new-user',
      subject: 'Hello {{first_name}}',
      body: 'Dear {{ first_name }} {{last_name}} <{{email}}> {{shoe_size}}',
    });
    expect(created.statusCode).toBe(201);
    const response = await previewOf(
      a.templates,
      '?first_name=Ana%C3%AFs&last_name=O%27Neil&email=anais%40example.test',
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(
      "Subject: Hello Anaïs\n\nDear Anaïs O'Neil <anais@example.test> {{shoe_size}}",
    );
    // Another organisation's template never reaches this one's preview.
    const other = await previewOf(b.templates, '?first_name=Sam');
    expect(other.body).toContain('Hello Sam,');
    expect(other.body).not.toContain('Dear');
  });

  it('refuses 401 anonymous, 403 without view-email-templates, 422 for a bad placeholder name or value', async () => {
    expect((await previewOf(a.anonymous)).statusCode).toBe(401);
    expect((await previewOf(a.nobody)).statusCode).toBe(403);
    const badName = await previewOf(a.templates, '?First-Name=x');
    expect(badName.statusCode).toBe(422);
    const long = await previewOf(a.templates, `?first_name=${'x'.repeat(501)}`);
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json<{ errors: Record<string, string[]> }>().errors)).toEqual([
      'querystring.first_name',
    ]);
    const twice = await previewOf(a.templates, '?first_name=a&first_name=b');
    expect(twice.statusCode).toBe(422);
  });
});

describe('GET /calendar/available-types/', () => {
  const typesOf = async (headers: Headers) => {
    const response = await ctx.app.inject({ url: '/api/calendar/available-types/', headers });
    expect(response.statusCode).toBe(200);
    return calendarAvailableTypesResponseSchema.parse(response.json());
  };

  it('lists every kind in legacy mode and only the packaged features’ kinds in package mode', async () => {
    const legacy = await typesOf(a.calendar);
    expect(legacy.data.map((entry) => entry.type)).toEqual([
      'events',
      'shifts',
      'tasks',
      'residential_bookings',
      'activities',
    ]);
    expect(legacy.meta).toEqual({ current_page: 1, per_page: 5, total: 5 });
    await ctx.db
      .update(organisations)
      .set({ packageFeatures: { events: 3, residential: 0 } })
      .where(eq(organisations.id, b.id));
    const packaged = await typesOf(b.calendar);
    expect(packaged.data).toEqual([
      { type: 'events', label: 'Events' },
      { type: 'residential_bookings', label: 'Residential stays' },
    ]);
    // One organisation's package never changes another's list.
    expect((await typesOf(a.calendar)).data).toHaveLength(5);
  });

  it('refuses 401 anonymous and 403 without view-calendar', async () => {
    expect(
      (await ctx.app.inject({ url: '/api/calendar/available-types/', headers: a.anonymous })).statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/calendar/available-types/', headers: a.nobody })).statusCode,
    ).toBe(403);
  });
});
