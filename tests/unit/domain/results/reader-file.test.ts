import { describe, expect, it } from 'vitest';
import { readReaderFile } from '../../../../src/domain/results/reader-file';
import { readCsv } from '../../../../src/server/imports/read-plate-map';

const sheetsOf = (text: string) => {
  const read = readCsv(text);
  if (!read.ok) throw new Error(read.message);
  return read.sheets;
};

describe('long reader tables', () => {
  it('reads plates, wells, values and channels by header name', () => {
    const file = readReaderFile(
      sheetsOf(
        'Barcode,Well,Channel,Value\nP1,A01,em1,100\nP1,A01,em2,50\nP2,AF48,em1,7.5\nP2,B2,em1,\n',
      ),
    );
    if (!file.ok) throw new Error(file.problems.join('; '));
    expect(file.plates).toEqual([
      { barcode: 'P1', channel: 'em1', values: { A1: 100 } },
      { barcode: 'P1', channel: 'em2', values: { A1: 50 } },
      { barcode: 'P2', channel: 'em1', values: { AF48: 7.5 } },
    ]);
  });

  it('reads cellHTS2 lines without a header and makes a ratio of two channels', () => {
    const file = readReaderFile(
      sheetsOf('1\tA01\t200\ta\n1\tA01\t50\tb\n1\tA02\t30\ta\n1\tA02\t10\tb\n'),
      { numerator: 'a', denominator: 'b' },
    );
    if (!file.ok) throw new Error(file.problems.join('; '));
    expect(file.plates.find((p) => p.channel === 'a/b')!.values).toEqual({ A1: 4, A2: 3 });
  });

  it('refuses the whole file and names every bad line', () => {
    const file = readReaderFile(
      sheetsOf('plate,well,value\nP1,A1,1\nP1,Q99,2\nP1,A3,abc\nP1,A1,4\n'),
    );
    expect(file.ok).toBe(false);
    if (file.ok) return;
    expect(file.problems).toEqual([
      'Line 3: "Q99" is not a well',
      'Line 4: "abc" is not a number',
      'Line 5: well A1 of plate "P1" is read twice',
    ]);
  });
});

const labels = (lower: boolean) =>
  Array.from({ length: 32 }, (_, r) =>
    r < 26
      ? String.fromCharCode(65 + r)
      : lower
        ? String.fromCharCode(97 + r - 26)
        : 'A' + String.fromCharCode(65 + r - 26),
  );

describe('grid reader blocks', () => {
  it('reads several 384 blocks with ="barcode" names, 01.. headers and empty cells', () => {
    const header =
      ',' + Array.from({ length: 24 }, (_, k) => String(k + 1).padStart(2, '0')).join(',');
    const block = (barcode: string, base: number) =>
      [
        `Barcode,="${barcode}"`,
        header,
        ...Array.from({ length: 16 }, (_, r) =>
          [
            String.fromCharCode(65 + r),
            ...Array.from({ length: 24 }, (__, c) =>
              r === 0 && c === 0 ? '' : String(base + r * 24 + c),
            ),
          ].join(','),
        ),
        '',
      ].join('\n');
    const file = readReaderFile(sheetsOf(block('0042', 0) + block('0043', 1000)));
    if (!file.ok) throw new Error(file.problems.join('; '));
    expect(file.plates.map((p) => p.barcode)).toEqual(['0042', '0043']);
    expect(Object.keys(file.plates[0].values)).toHaveLength(383);
    expect(file.plates[0].values.A1).toBeUndefined();
    expect(file.plates[1].values.P24).toBe(1000 + 15 * 24 + 23);
  });

  it('reads 1536 rows written A..Z then a..f, and as AA..AF', () => {
    const header = ',' + Array.from({ length: 48 }, (_, k) => k + 1).join(',');
    const grid = (lower: boolean, channel: string) =>
      [
        `Plate: B1536`,
        `Channel: ${channel}`,
        header,
        ...labels(lower).map((l, r) =>
          [l, ...Array.from({ length: 48 }, (_, c) => r * 48 + c)].join(','),
        ),
      ].join('\n');
    const file = readReaderFile(sheetsOf(grid(true, 'mars') + '\n\n' + grid(false, 'aa')));
    if (!file.ok) throw new Error(file.problems.join('; '));
    for (const plate of file.plates) {
      expect(plate.barcode).toBe('B1536');
      expect(Object.keys(plate.values)).toHaveLength(1536);
      expect(plate.values.AA1).toBe(26 * 48);
      expect(plate.values.AF48).toBe(1535);
    }
    expect(file.plates.map((p) => p.channel)).toEqual(['mars', 'aa']);
  });

  it('names a block read twice and a cell that is not a number', () => {
    const g = ',1,2\nA,1,x\nB,3,4\n\n,1,2\nA,1,2\n';
    const file = readReaderFile(sheetsOf(g));
    expect(file.ok).toBe(false);
    if (!file.ok)
      expect(file.problems).toEqual([
        'Line 2, column 2: "x" is not a number',
        'Plate "(no barcode)" is read twice: give each block its barcode or channel',
      ]);
  });
});
