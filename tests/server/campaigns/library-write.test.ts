// A library's wells are written in chunks of 20,000, one array parameter per column that
// varies (a column with one value throughout a chunk is sent once): a library of 25,001 wells
// crosses a chunk's edge, and every well reads back as it was given, in the file's order,
// with texts an array's syntax would misread (quotes, commas, braces, a backslash, "NULL", a
// line break, an empty name) and molecular weights present or not; so do libraries whose
// columns are each one value.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryWell } from '../../../src/domain/campaign/library';
import { plateDefn } from '../../../src/domain/plate-format';
import { idOfIndex } from '../../../src/domain/well-id';
import { libraryRepository } from '../../../src/server/campaigns/library-repository';
import { createTestApp, DB_KINDS, type TestApp } from '../helpers';

const OWNER = 'write-owner';
const N = 25_001;
const NAMES = ['', 'a "quoted", {braced} name', 'back\\slash', 'NULL', 'two\nlines', 'µM ök'];

/** N wells on 1536 plates, each compound once, volumes and stocks that vary by well. */
function wells(): LibraryWell[] {
  const d = plateDefn(1536);
  return Array.from({ length: N }, (_, k) => ({
    barcode: `W${String(Math.floor(k / 1536)).padStart(3, '0')}`,
    plate_type: '1536LDV_DMSO',
    well: idOfIndex(d, (k * 7) % 1536),
    compound_id: k === 3 ? 'NULL' : `CPD,${k}`,
    compound_name: NAMES[k % NAMES.length],
    concentration_nM: 1e7 / (1 + (k % 5)),
    solvent: k % 9 === 0 ? 'water' : 'DMSO',
    volume_uL: 1 + (k % 37) / 10,
    molecular_weight: k % 4 === 0 ? null : 300 + k / 8,
  }));
}

/** Reads back a library's wells, in order, as they were given. */
async function readBack(t: TestApp, id: number) {
  const result = (await t.database.db.execute(sql`
    select barcode, plate_type, well, compound_id, compound_name, concentration_nm,
      solvent, volume_ul, current_ul, molecular_weight
    from library_wells where library_id = ${id} order by id`)) as unknown as {
    rows: Record<string, string | number | null>[];
  };
  return result.rows.map((r) => ({
    barcode: r.barcode,
    plate_type: r.plate_type,
    well: r.well,
    compound_id: r.compound_id,
    compound_name: r.compound_name,
    concentration_nM: Number(r.concentration_nm),
    solvent: r.solvent,
    volume_uL: Number(r.volume_ul),
    current_uL: Number(r.current_ul),
    molecular_weight: r.molecular_weight === null ? null : Number(r.molecular_weight),
  }));
}

/** The wells as read back: each well's volume now is the volume the file gave. */
const asStored = (given: readonly LibraryWell[]) =>
  given.map((w) => ({ ...w, current_uL: w.volume_uL }));

describe.each(DB_KINDS)('library wells written on %s', (kind) => {
  let t: TestApp;
  const given = wells();

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads back every well of a 25,001-well library as given, in order', async () => {
    const id = await libraryRepository(t.database.db).create(OWNER, 'Large', given);
    const read = await readBack(t, id);
    expect(read).toHaveLength(N);
    expect(read).toEqual(asStored(given));
  });

  it('writes a library whose columns but well and compound are the same throughout', async () => {
    const same = given.slice(0, 3).map((w) => ({
      ...w,
      barcode: 'SAME',
      compound_name: 'x',
      concentration_nM: 5e6,
      solvent: 'DMSO',
      volume_uL: 2.5,
      molecular_weight: null,
    }));
    const id = await libraryRepository(t.database.db).create(OWNER, 'Same', same);
    expect(await readBack(t, id)).toEqual(asStored(same));
    const one = await libraryRepository(t.database.db).create(OWNER, 'One', given.slice(7, 8));
    expect(await readBack(t, one)).toEqual(asStored(given.slice(7, 8)));
  });

  it('stores nothing of a library whose wells name a plate and well twice', async () => {
    const twice = [...given.slice(0, 20_500), { ...given[20_499], compound_id: 'again' }];
    await expect(libraryRepository(t.database.db).create(OWNER, 'Twice', twice)).rejects.toThrow();
    const [row] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from libraries where name = 'Twice'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(Number(row.n)).toBe(0);
  });
});
