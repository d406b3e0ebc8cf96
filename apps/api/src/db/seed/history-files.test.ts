import fs from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, hubDocuments } from '../schema/index.js';
import { filesDirectoryOf } from '../../modules/files/service.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createSignedInAccount } from '../../test/factories/auth.js';
import { DEMO_HOSTS, seedDemo } from './demo.js';
import { seedDemoHistory } from './history.js';
import { seedReferenceData } from './reference-data.js';

/*
 * The demo history's hub documents have files to open: each is a PDF stored where uploads are,
 * which GET /hub/{id} links to and GET /files/{id} serves, showing the document's title.
 */

let ctx: TestContext;
let organisationId: number;
let headers: { host: string; authorization: string };
let filesDirectory: string;

const HOST = DEMO_HOSTS[0];

/** The text of every page of a PDF. */
async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Today in the demo organisation's calendar (Europe/London). */
function londonToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedReferenceData(ctx.db);
  ({ organisationId } = await seedDemo(ctx.db));
  filesDirectory = filesDirectoryOf(ctx.config.dataDir);
  await seedDemoHistory(ctx.db, { organisationId, volunteers: 60, filesDirectory });
  const reader = await createSignedInAccount(ctx.app, organisationId, {
    permissions: ['view-hub', 'view-reports'],
  });
  headers = { host: HOST, authorization: `Bearer ${reader.token}` };
}, 180_000);
afterAll(() => ctx?.close());

describe('the demo history’s hub documents', () => {
  it('each has a PDF on disk of the size its record says', async () => {
    const rows = await ctx.db
      .select({ title: hubDocuments.title, file: files })
      .from(hubDocuments)
      .innerJoin(files, eq(files.id, hubDocuments.fileId))
      .where(eq(hubDocuments.organisationId, organisationId));
    expect(rows).toHaveLength(12);
    for (const { title, file } of rows) {
      const bytes = fs.readFileSync(`${filesDirectory}/${file.storageName}`);
      expect(bytes.length, title).toBe(file.size);
      expect(file.mime).toBe('application/pdf');
      expect(file.originalName.endsWith('.pdf')).toBe(true);
    }
  });

  it('opens through the API: the hub links to the file, which is the document’s PDF', async () => {
    const documents = await ctx.db
      .select({ id: hubDocuments.id, title: hubDocuments.title, fileId: hubDocuments.fileId })
      .from(hubDocuments)
      .where(eq(hubDocuments.organisationId, organisationId));
    for (const document of documents) {
      const shown = await ctx.app.inject({ url: `/api/hub/${document.id}?download=true`, headers });
      expect(shown.statusCode, shown.body).toBe(200);
      const { file_url: url } = shown.json<{ data: { file_url: string } }>().data;
      // The link alone opens it, as a browser following it would.
      const fetched = await ctx.app.inject({ url, headers: { host: HOST } });
      expect(fetched.statusCode, `${document.title}: ${fetched.body.slice(0, 200)}`).toBe(200);
      expect(fetched.headers['content-type']).toBe('application/pdf');
      expect(Number(fetched.headers['content-length'])).toBe(fetched.rawPayload.length);
      expect(fetched.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(fetched.rawPayload);
      expect(text).toContain(document.title);
    }
  });

  it('counts the download in the hub documents report', async () => {
    // The first shared: long published, so the report lists it.
    const [document] = await ctx.db
      .select({ id: hubDocuments.id })
      .from(hubDocuments)
      .where(eq(hubDocuments.organisationId, organisationId))
      .orderBy(asc(hubDocuments.publishedAt))
      .limit(1);
    const today = londonToday();
    const downloadsToday = async () => {
      const report = await ctx.app.inject({
        url: `/api/reports/hub/documents?from=${today}&to=${today}`,
        headers,
      });
      expect(report.statusCode, report.body).toBe(200);
      return report
        .json<{ data: { id: number; downloads: number }[] }>()
        .data.find((row) => row.id === document?.id)?.downloads;
    };
    const before = await downloadsToday();
    const shown = await ctx.app.inject({ url: `/api/hub/${document?.id}?download=true`, headers });
    const fetched = await ctx.app.inject({
      url: shown.json<{ data: { file_url: string } }>().data.file_url,
      headers: { host: HOST },
    });
    expect(fetched.statusCode).toBe(200);
    expect(await downloadsToday()).toBe((before ?? 0) + 1);
  });
});
