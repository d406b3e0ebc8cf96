
/** One person as printed on a shift. */
export type RotaPdfPerson = { name: string; status: string };

/** One shift as printed: its times, what it is, its places and who is on it. */
export type RotaPdfShift = {
  /** `09:00–13:00`, with "(next day)" for an overnight end. */
  time: string;
  title: string;
  rotaName: string;
  capacity: number | null;
  people: RotaPdfPerson[];
  notes: string | null;
};

/** The printable day: shifts grouped by team, plus the rotas that are closed or have a note. */
export type RotaPdfDay = {
  organisationName: string;
  /** Long form, e.g. `Tuesday 1 December 2026`. */
  dateLabel: string;
  /** What the print was narrowed to (`Rota: Shop floor`), or null for the whole day. */
  scope: string | null;
  /** When it was printed, in the organisation's words (`1 December 2026, 08:15 GMT`). */
  printedAt: string;
  dayNotes: Array<{ rotaName: string; closed: boolean; notes: string | null }>;
  teams: Array<{ name: string; shifts: RotaPdfShift[] }>;
};

const MARGIN = 50;
const MUTED = '#555555';

/**
 * Renders a day's rota as an A4 PDF with pdfkit's built-in Helvetica: a heading with the
 * organisation and the date, each team's shifts in time order with their places and the names
 * of the people on them, and the day notes of the rotas. Answers the whole file.
 */
export async function renderRotaPdf(day: RotaPdfDay): Promise<Buffer> {
  // pdfkit and its fonts load with the first rota printed, not with the server.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Rota for ${day.dateLabel}`,
      Author: day.organisationName,
      Subject: day.scope ?? 'The day’s rota',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const bottom = () => doc.page.height - MARGIN;
  // Starts a new page when fewer than `needed` points are left, so a block is not split at its head.
  const keep = (needed: number) => {
    if (doc.y + needed > bottom()) {
      doc.addPage();
    }
  };

  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(day.organisationName);
  doc.moveDown(0.2);
  doc.font('Helvetica-Bold').fontSize(20).fillColor('black').text(`Rota for ${day.dateLabel}`);
  if (day.scope) {
    doc.font('Helvetica').fontSize(11).fillColor(MUTED).text(day.scope);
  }
  doc.moveDown(0.8);

  for (const note of day.dayNotes) {
    keep(30);
    const head = note.closed ? `${note.rotaName}: closed today.` : `${note.rotaName}:`;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('black')
      .text(head, { continued: note.notes !== null });
    if (note.notes !== null) {
      doc.font('Helvetica').text(` ${note.notes}`);
    }
  }
  if (day.dayNotes.length > 0) {
    doc.moveDown(0.8);
  }

  if (day.teams.length === 0) {
    doc.font('Helvetica').fontSize(12).fillColor('black').text('No shifts on this day.');
  }

  for (const team of day.teams) {
    keep(60);
    doc.font('Helvetica-Bold').fontSize(14).fillColor('black').text(team.name);
    const lineY = doc.y + 2;
    doc
      .moveTo(MARGIN, lineY)
      .lineTo(doc.page.width - MARGIN, lineY)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.moveDown(0.5);

    for (const shift of team.shifts) {
      keep(40 + shift.people.length * 14);
      doc.font('Helvetica-Bold').fontSize(11).fillColor('black').text(`${shift.time}   ${shift.title}`);
      const filled = shift.people.length;
      const places =
        shift.capacity === null
          ? `${filled} signed up`
          : `${filled} of ${shift.capacity} places filled${filled < shift.capacity ? `, ${shift.capacity - filled} open` : ''}`;
      doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`${shift.rotaName} · ${places}`);
      if (shift.notes) {
        doc.text(shift.notes);
      }
      doc.fontSize(10).fillColor('black');
      if (shift.people.length === 0) {
        doc.text('Nobody yet.', { indent: 12 });
      }
      for (const person of shift.people) {
        const status = person.status === 'signed-up' ? '' : ` (${person.status})`;
        doc.text(`•  ${person.name}${status}`, { indent: 12 });
      }
      doc.moveDown(0.6);
    }
    doc.moveDown(0.4);
  }

  keep(20);
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(`Printed ${day.printedAt}.`);
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
