import type { files } from '../schema/index.js';
import { storeGeneratedFile } from '../../modules/files/generated.js';
import type { PlannedHubFile } from './history-community.js';
import type { Pending } from './history-records.js';

/*
 * The bytes of the demo history's hub documents: each is a small PDF made here (pdfkit, as the
 * rota print is) showing its title, folder and a few pages of sample text, stored in the files
 * directory the way uploads are, so opening a document of the demo hub fetches a real file.
 */

/** What a hub document's PDF shows. */
export type HubDocumentContent = PlannedHubFile['content'];

const MARGIN = 60;
const MUTED = '#555555';

/** Sample paragraphs, the same for every document: the demo's files are placeholders, and say so. */
const PARAGRAPHS = [
  'This document belongs to the Muster demo organisation. It is a sample, made up for the demo, and stands in for the real document an organisation would share with its volunteers on the hub.',
  'Volunteers find documents like this one in the hub, grouped in folders. Each time someone opens or downloads one it is recorded, and the hub documents report shows how often each document was used, and by how many people.',
  'If anything here is unclear, ask your team leader or the volunteer coordinator. Thank you for everything you do.',
];

/** Renders one hub document as an A4 PDF with pdfkit's built-in Helvetica; answers the whole file. */
export async function renderHubDocumentPdf(content: HubDocumentContent): Promise<Buffer> {
  // Loaded only when the history is written, as the rota print loads it only when printing.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: content.title,
      Subject: content.folder,
      Author: 'Muster demo',
      CreationDate: content.sharedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  for (let page = 1; page <= content.pages; page += 1) {
    if (page > 1) {
      doc.addPage();
    }
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(`${content.folder} · page ${page} of ${content.pages}`);
    doc.moveDown(0.4);
    doc.font('Helvetica-Bold').fontSize(20).fillColor('black').text(content.title);
    doc.moveDown(0.8);
    for (const paragraph of PARAGRAPHS) {
      doc.font('Helvetica').fontSize(11).fillColor('black').text(paragraph, { align: 'left' });
      doc.moveDown(0.6);
    }
  }
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}

/** A hub file's record, complete once its bytes are stored. */
export type StoredHubFile = Pending<typeof files.$inferInsert, 'uploadedByUserId'>;

/**
 * Makes and stores the PDF of each planned hub file, answering their complete records (name on
 * disk, size, type). `stored` receives each name as it is written, so that the caller can remove
 * the files again if the history is not kept.
 */
export async function storeHubFiles(
  directory: string,
  planned: readonly PlannedHubFile[],
  stored: string[],
): Promise<StoredHubFile[]> {
  const rows: StoredHubFile[] = [];
  for (const { content, ...row } of planned) {
    const file = await storeGeneratedFile(directory, await renderHubDocumentPdf(content));
    stored.push(file.storageName);
    rows.push({ ...row, storageName: file.storageName, size: file.size, mime: 'application/pdf' });
  }
  return rows;
}
