import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/context.js';
import type { DatabaseHandle } from '../../db/client.js';
import { createFileTypes, pngBytes } from '../../test/factories/files.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import {
  attachFiles,
  cleanOriginalName,
  filesDirectoryOf,
  isInertPlainText,
  judgeUploadType,
  purgeExpiredEphemeralFiles,
  storeUpload,
  type FileStore,
} from './service.js';
import { incomingDirectoryOf } from './spool.js';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let store: FileStore;
let organisationId: number;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  store = { db: database.db, directory: fs.mkdtempSync(path.join(os.tmpdir(), 'muster-files-service-')) };
  await createFileTypes(database.db);
  organisationId = (await createOrganisation(database.db)).id;
});
afterAll(async () => {
  await drop();
  fs.rmSync(store.directory, { recursive: true, force: true });
});

async function storePng() {
  return storeUpload(store, {
    organisationId,
    uploadedByUserId: null,
    filename: 'me.png',
    declaredMime: 'image/png',
    source: { blob: new Blob([pngBytes()]) },
  });
}

async function storageNameOf(id: string): Promise<string | undefined> {
  const [row] = await database.db.select().from(files).where(eq(files.id, id));
  return row?.storageName;
}

describe('purgeExpiredEphemeralFiles', () => {
  it('deletes rows and bytes of ephemeral files not attached within 24 hours', async () => {
    const uploaded = await storePng();
    const storageName = await storageNameOf(uploaded.id);
    const onDisk = path.join(store.directory, storageName ?? '');
    expect(fs.existsSync(onDisk)).toBe(true);

    expect(await purgeExpiredEphemeralFiles(store, new Date(Date.now() + 23 * HOUR))).toBe(0);
    expect(await storageNameOf(uploaded.id)).toBe(storageName);

    expect(await purgeExpiredEphemeralFiles(store, new Date(Date.now() + 25 * HOUR))).toBeGreaterThanOrEqual(
      1,
    );
    expect(await storageNameOf(uploaded.id)).toBeUndefined();
    expect(fs.existsSync(onDisk)).toBe(false);
  });

  it('removes uploads left half-received in the incoming folder for over an hour, not those arriving', async () => {
    const incoming = incomingDirectoryOf(store.directory);
    fs.mkdirSync(incoming, { recursive: true });
    const stale = path.join(incoming, 'stale');
    const arriving = path.join(incoming, 'arriving');
    fs.writeFileSync(stale, 'partial');
    fs.writeFileSync(arriving, 'partial');
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    await purgeExpiredEphemeralFiles(store, new Date(Date.now() + 25 * HOUR));
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(arriving)).toBe(true);
  });

  it('keeps files that were attached', async () => {
    const uploaded = await storePng();
    expect(await attachFiles(database.db, organisationId, [uploaded.id])).toEqual([uploaded.id]);
    await purgeExpiredEphemeralFiles(store, new Date(Date.now() + 25 * HOUR));
    const storageName = await storageNameOf(uploaded.id);
    expect(storageName).toBeDefined();
    expect(fs.existsSync(path.join(store.directory, storageName ?? ''))).toBe(true);
  });

  it('attaches only files of the given organisation', async () => {
    const uploaded = await storePng();
    const other = await createOrganisation(database.db);
    expect(await attachFiles(database.db, other.id, [uploaded.id])).toEqual([]);
  });
});

describe('judgeUploadType', () => {
  const text = (value: string) => new TextEncoder().encode(value);

  it('believes the signature over the declared type', async () => {
    expect(await judgeUploadType(pngBytes(), 'text/plain')).toBe('image/png');
  });

  it('refuses bytes without a signature unless declared as text/plain or text/csv', async () => {
    expect(await judgeUploadType(text('hello'), 'image/png')).toBeNull();
    expect(await judgeUploadType(text('hello'), 'text/plain; charset=utf-8')).toBe('text/plain');
    expect(await judgeUploadType(text('a,b\n1,2'), 'TEXT/CSV')).toBe('text/csv');
    expect(await judgeUploadType(text('<html>'), 'text/html')).toBeNull();
  });

  it('refuses text that starts with markup', async () => {
    expect(await judgeUploadType(text('\uFEFF  <script>alert(1)</script>'), 'text/plain')).toBeNull();
  });

  it('refuses detected XML', async () => {
    expect(await judgeUploadType(text('<?xml version="1.0"?><svg/>'), 'text/plain')).toBeNull();
  });
});

describe('isInertPlainText', () => {
  it('accepts text with tabs and line breaks, refuses binary and invalid UTF-8', () => {
    expect(isInertPlainText(new TextEncoder().encode('a\tb\r\nc é'))).toBe(true);
    expect(isInertPlainText(Uint8Array.from([0x61, 0x00, 0x62]))).toBe(false);
    expect(isInertPlainText(Uint8Array.from([0xff, 0xfe, 0x61]))).toBe(false);
  });
});

describe('cleanOriginalName', () => {
  it('drops folders and control characters and never answers an empty name', () => {
    expect(cleanOriginalName('C:\\fakepath\\cv.pdf')).toBe('cv.pdf');
    expect(cleanOriginalName('../../etc/passwd')).toBe('passwd');
    expect(cleanOriginalName('a\u0000b\nc.txt')).toBe('abc.txt');
    expect(cleanOriginalName('   ')).toBe('file');
    expect(cleanOriginalName(`${'x'.repeat(300)}.txt`)).toHaveLength(255);
  });
});

describe('filesDirectoryOf', () => {
  it('puts files beside the database directory', () => {
    expect(filesDirectoryOf('/srv/muster/data/db')).toBe('/srv/muster/data/files');
  });

  it('uses the temporary folder when the database is in memory', () => {
    expect(filesDirectoryOf('memory')).toBe(path.join(os.tmpdir(), 'muster-files'));
  });
});
