import { openSync, readSync, closeSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildZip, deflatedPart, deflatedZeros } from '../test-support/zips';
import { FileRefused, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, readImportFile } from './file-reading';

const MEGABYTE = 1024 * 1024;

function read(content: string | Buffer, fileName = 'import.csv') {
  return readImportFile({ bytes: Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), fileName });
}

/** The refusal a read ends with, as the route would answer it. */
async function refusal(reading: Promise<unknown>): Promise<{ status: number; reason: string; params?: Record<string, string | number> }> {
  try {
    await reading;
  } catch (error) {
    if (error instanceof FileRefused) return { status: error.status, reason: error.reason, params: error.params };
    throw error;
  }
  throw new Error('the file was read, not refused');
}

/** The first bytes of the Node executable running this test: a real ELF (or Mach-O/PE) header. */
function executableHead(): Buffer {
  const head = Buffer.alloc(4096);
  const descriptor = openSync(process.execPath, 'r');
  try {
    return head.subarray(0, readSync(descriptor, head, 0, head.length, 0));
  } finally {
    closeSync(descriptor);
  }
}

/** A zip with the two parts that make a workbook, plus the given ones. */
function workbookZip(...parts: Parameters<typeof buildZip>[0]): Buffer {
  return buildZip([deflatedPart('[Content_Types].xml', '<Types/>'), deflatedPart('xl/workbook.xml', '<workbook/>'), ...parts]);
}

describe('reading a CSV file', () => {
  it('reads a comma-separated file into trimmed headings and cells, empty cells as null', async () => {
    const table = await read(' Register number , Model,Notes\nAB 1234, Actros ,\nCD 5678,Volvo FH,  spare key \n');
    expect(table.headings).toEqual(['Register number', 'Model', 'Notes']);
    expect(table.rows).toEqual([
      { row: 2, cells: ['AB 1234', 'Actros', null] },
      { row: 3, cells: ['CD 5678', 'Volvo FH', 'spare key'] },
    ]);
  });

  it('reads a semicolon-separated file as European Excel saves it, keeping decimal commas as text', async () => {
    const table = await read('Name;Price;Town\r\nDiesel;1,55;Köln, Mitte\r\n');
    expect(table.headings).toEqual(['Name', 'Price', 'Town']);
    expect(table.rows).toEqual([{ row: 2, cells: ['Diesel', '1,55', 'Köln, Mitte'] }]);
  });

  it('reads a tab-separated file', async () => {
    const table = await read('Name\tTown\nAnna\tLviv\n');
    expect(table.rows).toEqual([{ row: 2, cells: ['Anna', 'Lviv'] }]);
  });

  it('decides the delimiter from the heading line only, not from commas in the data', async () => {
    const table = await read('Name;Note\nA;one, two, three, four\n');
    expect(table.rows[0].cells).toEqual(['A', 'one, two, three, four']);
  });

  it('takes the delimiter from Excel\'s "sep=" line and does not count that line as a row', async () => {
    const table = await read('sep=;\nName;Town\nAnna;Lviv\n');
    expect(table.headings).toEqual(['Name', 'Town']);
    expect(table.rows).toEqual([{ row: 2, cells: ['Anna', 'Lviv'] }]);
  });

  it('drops a UTF-8 byte order mark so the first heading matches', async () => {
    const table = await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Straße,Ελλάδα\nÄ,Ω\n')]));
    expect(table.headings).toEqual(['Straße', 'Ελλάδα']);
    expect(table.rows[0].cells).toEqual(['Ä', 'Ω']);
  });

  it('reads a quoted field with a line break and a delimiter in it as one cell, numbering rows as a spreadsheet does', async () => {
    const table = await read('Name,Address\n"Anna","Main street 1,\nKyiv"\n"Bohdan ""the driver""",Lviv\n');
    expect(table.rows).toEqual([
      { row: 2, cells: ['Anna', 'Main street 1,\nKyiv'] },
      { row: 3, cells: ['Bohdan "the driver"', 'Lviv'] },
    ]);
  });

  it('skips blank rows, including rows of empty cells, and keeps the row numbers of the file', async () => {
    const table = await read('\n  \nName,Town\n\nAnna,Lviv\n , \n,,\nBohdan,Kyiv\n\n');
    expect(table.headings).toEqual(['Name', 'Town']);
    expect(table.rows).toEqual([
      { row: 5, cells: ['Anna', 'Lviv'] },
      { row: 8, cells: ['Bohdan', 'Kyiv'] },
    ]);
  });

  it('fits rows to the heading: short rows padded with null, extra cells dropped; blank headings keep their place', async () => {
    const table = await read('Name,,Town,,\nAnna\nBohdan,x,Kyiv,extra,more,and more\n,,,only beyond\n');
    expect(table.headings).toEqual(['Name', '', 'Town']);
    expect(table.rows).toEqual([
      { row: 2, cells: ['Anna', null, null] },
      { row: 3, cells: ['Bohdan', 'x', 'Kyiv'] },
    ]);
  });

  it('refuses a quote that is never closed with the line it opens on', async () => {
    expect(await refusal(read('Name,Town\nAnna,Lviv\n"Bohdan,Kyiv\nClara,Odesa\n'))).toEqual({
      status: 422,
      reason: 'import.file.malformedCsv',
      params: { line: 3 },
    });
  });

  it('reads a stray quote inside an unquoted field as text', async () => {
    const table = await read('Part,Size\nRim,22.5" wide\n');
    expect(table.rows[0].cells).toEqual(['Rim', '22.5" wide']);
  });

  it('refuses text that is not UTF-8 (a Windows-1252 file) with the advice to save as CSV UTF-8', async () => {
    expect(await refusal(read(Buffer.from('Name;Straße\nJosé;Köln\n', 'latin1')))).toEqual({ status: 422, reason: 'import.file.notUtf8', params: undefined });
  });

  it('refuses UTF-16 text (Excel\'s "Unicode text") with the same advice', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name\tTown\r\nAnna\tLviv\r\n', 'utf16le')]);
    expect((await refusal(read(utf16))).reason).toBe('import.file.notUtf8');
  });

  it('refuses a file without a heading row: empty, or only blank lines', async () => {
    for (const content of ['', '\n\n  \n', ',,,\n , \n']) {
      expect(await refusal(read(content))).toEqual({ status: 422, reason: 'import.file.noHeading', params: undefined });
    }
  });
});

describe('refusing files that are not CSV or XLSX, whatever they are called', () => {
  const zeros = Buffer.alloc(64);
  it.each([
    ['the Node executable', () => executableHead()],
    ['an ELF header', () => Buffer.concat([Buffer.from('\x7fELF', 'latin1'), Buffer.from([2, 1, 1]), zeros])],
    ['a Windows executable', () => Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0x00, 0x03]), zeros])],
    ['a PDF', () => Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n')],
    ['a gzipped CSV', () => gzipSync('Name,Town\nAnna,Lviv\n')],
    ['an old .xls (OLE2)', () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), zeros])],
    ['a PNG image', () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), zeros])],
    ['text with a NUL byte', () => Buffer.from('Name,Town\nAnna\0,Lviv\n', 'latin1')],
  ])('refuses %s named .csv with 415', async (_name, bytes) => {
    expect(await refusal(read(bytes(), 'vehicles.csv'))).toEqual({ status: 415, reason: 'import.file.notCsvOrXlsx', params: undefined });
  });

  it('still reads a CSV whose heading begins with the letters of a magic number ("MZ", "BZh")', async () => {
    expect((await read('MZ region,BZh code\nMaputo,1\n')).headings).toEqual(['MZ region', 'BZh code']);
  });

  it('refuses a file over 20 MB with 413 before reading it', async () => {
    const bytes = Buffer.alloc(MAX_IMPORT_BYTES + 1, 'a');
    expect(await refusal(read(bytes))).toEqual({ status: 413, reason: 'import.file.tooLarge', params: { megabytes: 20 } });
  });

  it('reads a file of exactly 100,000 data rows and refuses one more with 422', async () => {
    const rows = (count: number) => 'Number\n' + Array.from({ length: count }, (_, index) => `${index + 1}\n`).join('');
    const table = await read(rows(MAX_IMPORT_ROWS));
    expect(table.rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(table.rows.at(-1)).toEqual({ row: MAX_IMPORT_ROWS + 1, cells: [String(MAX_IMPORT_ROWS)] });
    expect(await refusal(read(rows(MAX_IMPORT_ROWS + 1)))).toEqual({ status: 422, reason: 'import.file.tooManyRows', params: { max: 100_000 } });
  });
});

describe('reading an XLSX workbook', () => {
  async function vehiclesWorkbook(): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Vehicles');
    sheet.getRow(1).values = [' Register number ', 'Seats', 'Bought', 'Total', 'Notes', 'Site', 'Check', 'Active'];
    sheet.getRow(2).values = [
      'AB 1234',
      3,
      new Date(Date.UTC(2021, 2, 15)),
      { formula: 'B2*2', result: 6 },
      { richText: [{ font: { bold: true }, text: 'Bold ' }, { text: 'and plain ' }] },
      { text: 'Depot', hyperlink: 'https://example.com/depot' },
      { error: '#N/A' },
      true,
    ];
    // Row 3 is left blank; row 4 has only blanks and spaces.
    sheet.getRow(4).values = ['   ', null, ''];
    sheet.getRow(5).values = ['CD 5678', 2.5, null, { formula: 'UPPER("x")', result: 'X' }];
    sheet.getCell('Z5').value = 'beyond the heading';
    workbook.addWorksheet('Other').getRow(1).values = ['Not', 'read'];
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  it("reads the first sheet with the values a spreadsheet shows and the sheet's row numbers", async () => {
    const table = await readImportFile({ bytes: await vehiclesWorkbook(), fileName: 'vehicles.xlsx' });
    expect(table.headings).toEqual(['Register number', 'Seats', 'Bought', 'Total', 'Notes', 'Site', 'Check', 'Active']);
    expect(table.rows).toEqual([
      { row: 2, cells: ['AB 1234', 3, new Date(Date.UTC(2021, 2, 15)), 6, 'Bold and plain', 'Depot', null, true] },
      { row: 5, cells: ['CD 5678', 2.5, null, 'X', null, null, null, null] },
    ]);
    expect(table.rows[0].cells[2]).toBeInstanceOf(Date);
  });

  it('reads by content: a workbook named .csv is a workbook, a CSV named .xlsx is text', async () => {
    expect((await readImportFile({ bytes: await vehiclesWorkbook(), fileName: 'vehicles.csv', mimeType: 'text/csv' })).rows).toHaveLength(2);
    expect((await readImportFile({ bytes: Buffer.from('Name\nAnna\n'), fileName: 'people.xlsx' })).rows).toEqual([{ row: 2, cells: ['Anna'] }]);
  });

  it('refuses a workbook of more than 100,000 rows while reading it, and lets other work run between its chunks', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Numbers');
    sheet.addRow(['Number', 'Square', 'Cube', 'Name', 'Note']);
    for (let index = 1; index <= MAX_IMPORT_ROWS + 1; index += 1) sheet.addRow([index, index * index, index * index * index, `Row ${index}`, 'x']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    // The longest the event loop waited while the sheet was read: a reader that parses the whole sheet in one go
    // holds every other request for most of the reading.
    const start = performance.now();
    let last = start;
    let longest = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    try {
      expect(await refusal(read(bytes, 'numbers.xlsx'))).toEqual({ status: 422, reason: 'import.file.tooManyRows', params: { max: 100_000 } });
    } finally {
      clearInterval(timer);
    }
    // Measured as a share of the whole reading, so a busy machine slows both alike: the whole-workbook reader held the
    // loop for 0.38 of it (1.7 s of 4.5 s), the streaming one for 0.02 (52 ms of 3.3 s).
    const reading = performance.now() - start;
    expect(longest / reading).toBeLessThan(0.15);
  });

  it('refuses a workbook whose first sheet is empty as having no heading', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Empty');
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await refusal(read(bytes, 'empty.xlsx'))).reason).toBe('import.file.noHeading');
  });

  it('refuses a zip that is not a workbook with 415', async () => {
    const zip = buildZip([deflatedPart('readme.txt', 'hello'), deflatedPart('data/vehicles.csv', 'Name\nAnna\n')]);
    expect(await refusal(read(zip, 'vehicles.xlsx'))).toEqual({ status: 415, reason: 'import.file.notCsvOrXlsx', params: undefined });
  });

  it('refuses a file that only begins like a zip with 415', async () => {
    expect((await refusal(read(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]), 'broken.xlsx'))).status).toBe(415);
  });

  it('refuses a zip of more than 1,000 parts', async () => {
    const parts = Array.from({ length: 1001 }, (_, index) => deflatedPart(`xl/media/image${index}.txt`, 'x'));
    expect(await refusal(read(workbookZip(...parts), 'many.xlsx'))).toEqual({ status: 422, reason: 'import.file.tooLargeUnpacked', params: undefined });
  });

  it('refuses a part that says it unpacks to 300 MB, without unpacking it', async () => {
    const bomb = await deflatedZeros('xl/worksheets/sheet1.xml', 300 * MEGABYTE);
    const started = performance.now();
    expect((await refusal(read(workbookZip(bomb), 'bomb.xlsx'))).reason).toBe('import.file.tooLargeUnpacked');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a part that compresses more than 200:1 (20 MB of zeros in ~20 KB)', async () => {
    const bomb = await deflatedZeros('xl/worksheets/sheet1.xml', 20 * MEGABYTE);
    expect((await refusal(read(workbookZip(bomb), 'bomb.xlsx'))).reason).toBe('import.file.tooLargeUnpacked');
  });

  it('refuses a part whose headers lie (1 KB declared, 400 MB inside) by counting what it unpacks to, in little memory', async () => {
    const bomb = workbookZip(await deflatedZeros('xl/worksheets/sheet1.xml', 400 * MEGABYTE, 1024));
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const refused = await refusal(read(bomb, 'bomb.xlsx')).finally(() => clearInterval(sampler));
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(peak - before).toBeLessThan(200 * MEGABYTE);
    expect(refused).toEqual({ status: 422, reason: 'import.file.tooLargeUnpacked', params: undefined });
  });
});
