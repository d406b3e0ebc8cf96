import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { readCsv } from './test-factories.js';
import { createCsvWriter, createXlsxWriter, escapeCell, type Cell } from './writers.js';

/* The CSV and XLSX writers on their own: formula escaping, awkward text, and many pages. */

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-export-writers-'));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describe('escapeCell', () => {
  it('quotes text starting with =, +, -, @, a tab or a carriage return, and nothing else', () => {
    const cases: Array<[Cell, Cell]> = [
      ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
      ['+44 7700 900123', "'+44 7700 900123"],
      ['-1', "'-1"],
      ['@import', "'@import"],
      ['\tindent', "'\tindent"],
      ['\rline', "'\rline"],
      [' =not first', ' =not first'],
      ['a=b', 'a=b'],
      ["'already", "'already"],
      ['', ''],
      [-1, -1],
      [0, 0],
      [null, null],
    ];
    for (const [value, expected] of cases) {
      expect(escapeCell(value), JSON.stringify(value)).toBe(expected);
    }
  });
});

describe('the CSV and XLSX writers', () => {
  const awkward: Cell[][] = [
    ['Heading, with comma', 'Quote "heading"', 'Number'],
    ['Zoë Ünïcode 名前', 'line one\nline two', 42],
    ['"=1+1"', '=1+1', -5.5],
    [null, '', 0],
  ];

  it('write what a reader reads back, page after page', async () => {
    const csvPath = path.join(directory, 'awkward.csv');
    const xlsxPath = path.join(directory, 'awkward.xlsx');
    const csv = createCsvWriter(csvPath);
    const xlsx = await createXlsxWriter(xlsxPath, 'Sheet');
    for (const row of awkward) {
      await csv.write([row]);
      await xlsx.write([row]);
    }
    expect(await csv.close()).toBe(fs.statSync(csvPath).size);
    expect(await xlsx.close()).toBe(fs.statSync(xlsxPath).size);

    const text = (cell: Cell) => (cell === null ? '' : String(escapeCell(cell)));
    expect(readCsv(fs.readFileSync(csvPath))).toEqual(awkward.map((row) => row.map(text)));

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsxPath);
    const sheet = workbook.getWorksheet('Sheet');
    const read = awkward.map((row, index) =>
      row.map((_, column) => sheet?.getRow(index + 1).getCell(column + 1).value ?? null),
    );
    expect(read).toEqual([
      ['Heading, with comma', 'Quote "heading"', 'Number'],
      ['Zoë Ünïcode 名前', 'line one\nline two', 42],
      ['"=1+1"', "'=1+1", -5.5],
      [null, null, 0],
    ]);
  });

  it('stream many pages to disk without holding them', async () => {
    const csvPath = path.join(directory, 'many.csv');
    const xlsxPath = path.join(directory, 'many.xlsx');
    const csv = createCsvWriter(csvPath);
    const xlsx = await createXlsxWriter(xlsxPath, 'Many');
    const pages = 40;
    const perPage = 500;
    for (let page = 0; page < pages; page += 1) {
      const rows = Array.from({ length: perPage }, (_, index): Cell[] => [
        page * perPage + index,
        `Person ${index}`,
        '=x',
      ]);
      await csv.write(rows);
      await xlsx.write(rows);
    }
    await csv.close();
    await xlsx.close();
    const lines = readCsv(fs.readFileSync(csvPath));
    expect(lines).toHaveLength(pages * perPage);
    expect(lines.at(-1)).toEqual([String(pages * perPage - 1), `Person ${perPage - 1}`, "'=x"]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsxPath);
    expect(workbook.getWorksheet('Many')?.rowCount).toBe(pages * perPage);
  });

  it('remove the file when discarded', async () => {
    const csvPath = path.join(directory, 'gone.csv');
    const xlsxPath = path.join(directory, 'gone.xlsx');
    const csv = createCsvWriter(csvPath);
    const xlsx = await createXlsxWriter(xlsxPath, 'Gone');
    await csv.write([['a']]);
    await xlsx.write([['a']]);
    await csv.discard();
    await xlsx.discard();
    expect(fs.existsSync(csvPath)).toBe(false);
    expect(fs.existsSync(xlsxPath)).toBe(false);
  });
});
