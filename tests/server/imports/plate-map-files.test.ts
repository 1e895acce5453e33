// Reading uploaded plate maps: CSV and .xlsx, with crafted workbooks (prototype-pollution keys
// in sheet names and cells, a dimension claiming a million rows, formulas, a zip bomb) and the
// size caps.
import { crc32 } from 'node:zlib';
import { utils, write } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { importPlateMap } from '../../../src/domain/layout/plate-map-import';
import { plateDefn } from '../../../src/domain/plate-format';
import { PLATE_MAP_CAPS, readCsv, readPlateMap } from '../../../src/server/imports/read-plate-map';

/** A zip of stored (uncompressed) entries; `declare` overrides an entry's declared size. */
function zip(files: Record<string, string>, declare: Record<string, number> = {}): Uint8Array {
  const enc = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = enc.encode(text);
    const fname = enc.encode(name);
    const crc = crc32(data);
    const local = new Uint8Array(30 + fname.length + data.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, data.length, true);
    lv.setUint32(22, data.length, true);
    lv.setUint16(26, fname.length, true);
    local.set(fname, 30);
    local.set(data, 30 + fname.length);
    const central = new Uint8Array(46 + fname.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, declare[name] ?? data.length, true);
    cv.setUint16(28, fname.length, true);
    cv.setUint32(42, offset, true);
    central.set(fname, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const dirSize = centrals.reduce((a, c) => a + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, centrals.length, true);
  ev.setUint16(10, centrals.length, true);
  ev.setUint32(12, dirSize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + dirSize + 22);
  let at = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** A minimal .xlsx with one sheet of inline-string rows (and any raw cell XML). */
function workbook(
  sheetName: string,
  sheetXml: string,
  declare: Record<string, number> = {},
): Uint8Array {
  return zip(
    {
      '[Content_Types].xml':
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      '_rels/.rels':
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${esc(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels':
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${sheetXml}</worksheet>`,
    },
    declare,
  );
}

const str = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${esc(text)}</t></is></c>`;

describe('plate-map files', () => {
  it('reads a workbook as written by a spreadsheet program', () => {
    const wb = utils.book_new();
    utils.book_append_sheet(
      wb,
      utils.aoa_to_sheet([
        ['Well', 'Reagent', 'Concentration', 'Unit'],
        ['A01', 'staurosporine', 10, 'uM'],
        ['AF48', 'dmso', null, null],
      ]),
      'Plate map',
    );
    const bytes = write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const read = readPlateMap(new Uint8Array(bytes));
    expect(read).toEqual({
      ok: true,
      sheets: [
        {
          name: 'Plate map',
          rows: [
            ['Well', 'Reagent', 'Concentration', 'Unit'],
            ['A01', 'staurosporine', '10', 'uM'],
            ['AF48', 'dmso'],
          ],
        },
      ],
    });
    if (!read.ok) return;
    const out = importPlateMap(
      { op: 'import', form: 'long', rows: read.sheets[0].rows },
      { defn: plateDefn(1536), wells: {}, benchSlugs: ['staurosporine', 'dmso'] },
    );
    expect(out.rejected).toEqual([]);
    expect(out.ops).toContainEqual({
      op: 'set',
      wells: ['A1'],
      reagent: 'staurosporine',
      target_nM: 10000,
    });
  });

  it('leaks nothing from prototype-pollution keys and evaluates no formula', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).toSorted();
    const sheet =
      '<dimension ref="A1:XFD1048576"/><sheetData>' +
      `<row r="1">${str('A1', '__proto__')}${str('B1', 'constructor')}${str('C1', '{"__proto__":{"polluted":"yes"}}')}</row>` +
      `<row r="2">${str('A2', 'prototype')}<c r="B2"><f>1+1</f></c><c r="C2"><f>HYPERLINK("http://x","y")</f><v>7</v></c></row>` +
      '</sheetData>';
    // A sheet named __proto__ cannot be keyed: refused, with nothing leaked
    expect(readPlateMap(workbook('__proto__', sheet))).toEqual({
      ok: false,
      message: 'Sheet "__proto__" cannot be read: rename it',
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const read = readPlateMap(workbook('constructor', sheet));
    expect(read).toEqual({
      ok: true,
      sheets: [
        {
          name: 'constructor',
          rows: [
            ['__proto__', 'constructor', '{"__proto__":{"polluted":"yes"}}'],
            // B2's formula has no cached value: nothing, not 2; C2 gives its cached value
            ['prototype', '', '7'],
          ],
        },
      ],
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).toSorted()).toEqual(before);
    if (read.ok) expect(Object.getPrototypeOf(read.sheets[0])).toBe(Object.prototype);
  });

  it('holds the caps: rows, columns, cells, characters, sheets and bytes', () => {
    const caps = { ...PLATE_MAP_CAPS, rows: 50, columns: 10, cells: 30, cellChars: 20 };
    const rows = (n: number) =>
      Array.from({ length: n }, (_, r) => `<row r="${r + 1}">${str(`A${r + 1}`, 'x')}</row>`).join(
        '',
      );
    expect(readPlateMap(workbook('S', `<sheetData>${rows(30)}</sheetData>`), caps).ok).toBe(true);
    expect(readPlateMap(workbook('S', `<sheetData>${rows(60)}</sheetData>`), caps)).toEqual({
      ok: false,
      message: 'Sheet "S" has more than 50 rows',
    });
    expect(readPlateMap(workbook('S', `<sheetData>${rows(31)}</sheetData>`), caps)).toEqual({
      ok: false,
      message: 'The workbook holds more than 30 cells',
    });
    expect(
      readPlateMap(
        workbook('S', `<sheetData><row r="1">${str('K1', 'far')}</row></sheetData>`),
        caps,
      ),
    ).toEqual({ ok: false, message: 'Sheet "S" has more than 10 columns' });
    expect(
      readPlateMap(
        workbook('S', `<sheetData><row r="1">${str('A1', 'y'.repeat(21))}</row></sheetData>`),
        caps,
      ),
    ).toEqual({
      ok: false,
      message: 'Sheet "S", row 1: a cell holds more than 20 characters',
    });
    // a cell far down the sheet (row 1048576) is never reached: reading stops after the cap
    const far = readPlateMap(
      workbook(
        'S',
        `<dimension ref="A1:XFD1048576"/><sheetData><row r="1048576">${str('A1048576', 'x')}</row></sheetData>`,
      ),
      caps,
    );
    expect(far).toEqual({ ok: true, sheets: [{ name: 'S', rows: [] }] });
    expect(readPlateMap(new Uint8Array(PLATE_MAP_CAPS.bytes + 1))).toEqual({
      ok: false,
      message: 'The file is larger than 2 MB',
    });
    const wb = utils.book_new();
    for (let s = 0; s < 17; s++) utils.book_append_sheet(wb, utils.aoa_to_sheet([['x']]), `S${s}`);
    expect(
      readPlateMap(new Uint8Array(write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer)),
    ).toEqual({
      ok: false,
      message: 'The workbook holds more than 16 sheets',
    });
  });

  it('refuses a zip bomb from its directory, before inflating anything', () => {
    const bomb = workbook('S', '<sheetData/>', { 'xl/worksheets/sheet1.xml': 4_000_000_000 });
    expect(readPlateMap(bomb)).toEqual({
      ok: false,
      message: 'The workbook inflates to more than 40 MB',
    });
    expect(readPlateMap(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toEqual({
      ok: false,
      message: 'The workbook is damaged (no zip directory)',
    });
    expect(readPlateMap(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0]))).toMatchObject({
      ok: false,
    });
  });

  it('reads CSV: quotes, semicolons, a byte-order mark, CRLF', () => {
    const text = '\ufeffWell;Reagent;Note\r\nA1;"stauro;sporine";"said ""hi"""\r\nB2;dmso;\r\n';
    expect(readPlateMap(new TextEncoder().encode(text))).toEqual({
      ok: true,
      sheets: [
        {
          name: 'CSV',
          rows: [
            ['Well', 'Reagent', 'Note'],
            ['A1', 'stauro;sporine', 'said "hi"'],
            ['B2', 'dmso'],
          ],
        },
      ],
    });
    const caps = { ...PLATE_MAP_CAPS, rows: 3, columns: 3 };
    expect(readCsv('a\nb\nc\nd\n', caps)).toEqual({
      ok: false,
      message: 'The file has more than 3 lines',
    });
    expect(readCsv('a,b,c,d\n', caps)).toEqual({
      ok: false,
      message: 'Line 1 has more than 3 cells',
    });
    expect(readCsv('"open\n', caps)).toEqual({
      ok: false,
      message: 'Line 1: a quoted cell is never closed',
    });
    expect(readPlateMap(new Uint8Array([0xff, 0xfe, 0x00, 0x41]))).toMatchObject({ ok: false });
  });
});
