import { once } from 'node:events';
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { stringify, type Stringifier } from 'csv-stringify';

/** What one cell of an export holds; dates arrive as ISO text. */
export type Cell = string | number | null;

/** Characters that make a spreadsheet read a cell as a formula (or, tab and CR, hide one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell made safe to open in a spreadsheet: one starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading single quote, so that Excel, LibreOffice and Google Sheets show
 * it as text instead of running it as a formula (CSV injection, finding 17). Numbers stay numbers.
 */
export function escapeCell(value: Cell): Cell {
  if (typeof value === 'string' && FORMULA_START.test(value)) {
    return `'${value}`;
  }
  return value;
}

/** Writes one export's rows to a file as they come, holding no more than the current batch. */
export type RowWriter = {
  /** Appends rows (the header first); resolves once the file stream has taken them. */
  write(rows: readonly Cell[][]): Promise<void>;
  /** Finishes the file; answers its size in bytes. */
  close(): Promise<number>;
  /** Stops writing and removes the file. */
  discard(): Promise<void>;
};

/**
 * A CSV writer (csv-stringify): UTF-8 with a byte-order mark, so that Excel reads accents right,
 * CRLF line ends (RFC 4180), every cell escaped against formulas.
 */
export function createCsvWriter(filePath: string): RowWriter {
  const file = fs.createWriteStream(filePath);
  const stringifier: Stringifier = stringify({ bom: true, record_delimiter: 'windows' });
  stringifier.pipe(file);
  const done = finished(file);
  // Surfaced by `write` or `close`; a listener keeps an early error from going unhandled.
  done.catch(() => undefined);
  return {
    async write(rows) {
      for (const row of rows) {
        if (!stringifier.write(row.map((cell) => escapeCell(cell) ?? ''))) {
          // Backpressure: wait until the file has taken what is buffered, so memory stays flat.
          await Promise.race([once(stringifier, 'drain'), done]);
        }
      }
    },
    async close() {
      stringifier.end();
      await done;
      return (await fs.promises.stat(filePath)).size;
    },
    async discard() {
      stringifier.unpipe(file);
      stringifier.destroy();
      file.destroy();
      await fs.promises.rm(filePath, { force: true });
    },
  };
}

/**
 * A cell as the XLSX file holds it: line breaks as line feeds, which is what a spreadsheet cell
 * uses (XML would read a carriage return back as a line feed anyway).
 */
function xlsxCell(value: Cell): Cell {
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value;
}

/**
 * An XLSX writer (exceljs' streaming WorkbookWriter): each row is committed as written, and
 * neither shared strings nor styles are kept, so a large export never sits in memory whole.
 * exceljs loads on the first export, not with the server (it is the heaviest module it imports).
 */
export async function createXlsxWriter(filePath: string, sheetName: string): Promise<RowWriter> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: filePath,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  let committed = false;
  const commit = async () => {
    if (!committed) {
      committed = true;
      sheet.commit();
      await workbook.commit();
    }
  };
  return {
    async write(rows) {
      for (const row of rows) {
        sheet.addRow(row.map((cell) => xlsxCell(escapeCell(cell)))).commit();
      }
    },
    async close() {
      await commit();
      return (await fs.promises.stat(filePath)).size;
    },
    async discard() {
      // The streaming writer has no abort: finishing what it has is quick, then the file goes.
      await commit().catch(() => undefined);
      await fs.promises.rm(filePath, { force: true });
    },
  };
}
