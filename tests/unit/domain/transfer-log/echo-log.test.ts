// Echo transfer logs and surveys read as the instruments write them: the reference files
// (tests/fixtures/transfer-logs) carry the figures of published instrument files.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileLineError } from '../../../../src/domain/transfer-log/csv-lines';
import { isFailed, parseTransferLog } from '../../../../src/domain/transfer-log/echo-log';
import { parseSurvey } from '../../../../src/domain/transfer-log/survey';

const fixture = (name: string) =>
  readFileSync(path.join(__dirname, '../../../fixtures/transfer-logs', name), 'utf8');

describe('parseTransferLog', () => {
  it('reads the partial-transfer log: two done, two failed with MM0202007', () => {
    const log = parseTransferLog(fixture('partial-transfer.csv'));
    expect(log.kind).toBe('plate reformat');
    expect(log.header['Application Name']).toBe('Labcyte Echo Plate Reformat');
    expect(log.footer['Instrument Model']).toBe('Echo 525');
    expect(log.transfers).toHaveLength(4);
    const failed = log.transfers.filter(isFailed);
    expect(failed.map((t) => `${t.source_well}>${t.destination_well}`)).toEqual(['A2>A2', 'A2>B2']);
    expect(failed[0].status).toMatch(/^MM0202007: /);
    expect(failed[0].line).toBe(12);
    const done = log.transfers.filter((t) => !isFailed(t));
    expect(done.map((t) => [t.destination_well, t.actual_nL, t.current_uL])).toEqual([
      ['A1', 100, 53.578],
      ['B1', 100, 53.478],
    ]);
    expect(done[0].survey_uL).toBe(53.678);
  });

  it('reads a Cherry Pick log: offsets, no Survey Fluid Volume, columns in its own order', () => {
    const log = parseTransferLog(fixture('cherry-pick.csv'));
    expect(log.kind).toBe('cherry pick');
    expect(log.transfers).toHaveLength(5);
    const last = log.transfers[4];
    expect(last).toMatchObject({
      source_barcode: 'SRC0000407',
      source_well: 'B4', // written B04
      destination_barcode: 'DST0000361',
      destination_well: 'A11',
      transfer_nL: 25,
      actual_nL: 25,
      current_uL: 36.239,
      survey_uL: null,
      x_offset: 0,
      y_offset: 0,
    });
  });

  it("reads an older log: '*' keys, concentrations, Compound Name, % DMSO, an unknown column", () => {
    const log = parseTransferLog(fixture('older-log.csv'));
    expect(log.header['Run Date/Time']).toBe('3/11/2025 15:14');
    expect(log.transfers).toHaveLength(2);
    expect(log.transfers[0]).toMatchObject({
      compound_name: 'staurosporine',
      source_concentration: 10,
      source_concentration_units: 'mM',
      composition_pct: 99.1,
      transfer_nL: 2.5,
    });
    expect(isFailed(log.transfers[1])).toBe(true);
  });

  it('reads a log with an empty [DETAILS] block and one with no [EXCEPTIONS]', () => {
    const columns =
      'Source Plate Barcode,Source Well,Destination Plate Barcode,Destination Well,Transfer Volume,Actual Volume,Transfer Status';
    const empty = parseTransferLog(
      `Run ID,1\n\n[EXCEPTIONS]\n${columns}\n\n[DETAILS]\n${columns}\n`,
    );
    expect(empty.transfers).toEqual([]);
    const onlyDetails = parseTransferLog(`[DETAILS]\n${columns}\nS,A1,D,B2,5,5,\n`);
    expect(onlyDetails.transfers[0]).toMatchObject({ destination_well: 'B2', actual_nL: 5 });
  });

  it('keeps one failure the two blocks both write', () => {
    const columns =
      'Date Time Point,Source Well,Destination Well,Transfer Volume,Actual Volume,Transfer Status';
    const row = '10:00:01,A1,B1,5,0,MM0202001: Current fluid height below minimum transfer level';
    const log = parseTransferLog(
      `[EXCEPTIONS]\n${columns}\n${row}\n\n[DETAILS]\n${columns}\n${row}\n10:00:02,A1,B2,5,5,\n`,
    );
    expect(log.transfers.map((t) => [t.block, t.destination_well])).toEqual([
      ['exceptions', 'B1'],
      ['details', 'B2'],
    ]);
  });

  it('names the line of bad input', () => {
    const columns = 'Source Well,Destination Well,Transfer Volume,Actual Volume';
    expect(() => parseTransferLog(`[DETAILS]\n${columns}\nA1,B1,5,5\nA1,B2,five,5\n`)).toThrow(
      'Line 4: Transfer Volume "five" is not a number.',
    );
    expect(() => parseTransferLog(`[DETAILS]\n${columns}\nA1,Z99x,5,5\n`)).toThrow(
      'Line 3: Destination Well "Z99x" is not a well.',
    );
    expect(() => parseTransferLog('[DETAILS]\nSource Well,Transfer Volume\n')).toThrow(
      'Line 2: the column "Destination Well" is missing',
    );
    expect(() => parseTransferLog('hello,world\n')).toThrow(FileLineError);
  });
});

describe('parseSurvey', () => {
  it('reads measured volumes and % DMSO per source well', () => {
    const wells = parseSurvey(fixture('survey.csv'));
    expect(wells.map((w) => [w.source_plate, w.source_well, w.volume_uL, w.dmso_pct])).toEqual([
      ['Source[1]', 'A1', 53.678, 100],
      ['Source[1]', 'A2', 0, 0],
    ]);
    expect(wells[1].status).toMatch(/^MM0202007/);
  });

  it('reads a plain table and names the line of a bad volume', () => {
    const wells = parseSurvey('Plate Barcode,Well,Volume,% DMSO\nLIB-1,A01,11.5,98\n');
    expect(wells[0]).toMatchObject({ source_barcode: 'LIB-1', source_well: 'A1', volume_uL: 11.5 });
    expect(() => parseSurvey('Plate Barcode,Well,Volume\nLIB-1,A1,lots\n')).toThrow(
      'Line 2: Volume "lots" is not a number.',
    );
  });
});
