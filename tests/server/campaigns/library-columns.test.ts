// A library's wells as a campaign reads them come from the columns kept with the library
// while its revision holds, and from its wells when the columns are stale or missing (then
// kept again): both read the same wells, in library order, with their volumes now.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  libraryRepository,
  setSourceWellVolume,
} from '../../../src/server/campaigns/library-repository';
import { libraryColumns } from '../../../src/server/db/schema';
import { createTestApp, DB_KINDS, type TestApp } from '../helpers';

const OWNER = 'columns-owner';

const well = (barcode: string, w: string, compound: string, uL: number, nM = 1e7) => ({
  barcode,
  plate_type: barcode.endsWith('L') ? '1536LDV_DMSO' : '384PP_DMSO2',
  well: w,
  compound_id: compound,
  compound_name: '',
  concentration_nM: nM,
  solvent: compound.endsWith('w') ? 'water' : 'DMSO',
  volume_uL: uL,
  molecular_weight: null,
});

// plates out of barcode order, a compound in two wells, volumes and stocks that differ
const WELLS = [
  well('LIB2', 'B3', 'CPD-9', 40),
  well('LIB2', 'A1', 'CPD-1', 12.5),
  well('LIB1L', 'AF48', 'CPD-1', 5.25, 2e6),
  well('LIB1L', 'A1', 'CPD-7w', 4),
  well('LIB2', 'P24', 'CPD-9', 0.1 + 0.2),
];

const asRead = (w: ReturnType<typeof well>) => ({
  barcode: w.barcode,
  plate_type: w.plate_type,
  well: w.well,
  compound_id: w.compound_id,
  concentration_nM: w.concentration_nM,
  current_uL: w.volume_uL,
  solvent: w.solvent,
});

describe.each(DB_KINDS)('library columns on %s', (kind) => {
  let t: TestApp;
  let id: number;
  const columnsRow = async () =>
    (await t.database.db.select().from(libraryColumns).where(eq(libraryColumns.libraryId, id)))[0];

  beforeAll(async () => {
    t = await createTestApp(kind);
    id = await libraryRepository(t.database.db).create(OWNER, 'Set', WELLS);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the columns with the library, and a server that has not read it reads them', async () => {
    expect((await columnsRow()).revision).toBe(0);
    const wells = await libraryRepository(t.database.db).sources(OWNER, id);
    expect(wells).toEqual(WELLS.map(asRead));
    expect(await libraryRepository(t.database.db).sources('someone-else', id)).toBeNull();
  });

  it('reads the wells again when a volume moved, and keeps their columns at the new revision', async () => {
    const fresh = libraryRepository(t.database.db);
    expect(await fresh.sources(OWNER, id)).toEqual(WELLS.map(asRead));
    expect(
      await setSourceWellVolume(
        t.database.db,
        OWNER,
        { libraryId: id, barcode: 'LIB2', well: 'A1' },
        7.75,
      ),
    ).toBe(true);
    const moved = WELLS.map(asRead);
    moved[1].current_uL = 7.75;
    // the same server and another one both read the new volume
    expect(await fresh.sources(OWNER, id)).toEqual(moved);
    expect((await columnsRow()).revision).toBe(1);
    expect(await libraryRepository(t.database.db).sources(OWNER, id)).toEqual(moved);
  });

  it('reads the wells of a library whose columns are missing (made before they were kept)', async () => {
    await t.database.db.execute(sql`delete from library_columns where library_id = ${id}`);
    const wells = await libraryRepository(t.database.db).sources(OWNER, id);
    expect(wells?.[1].current_uL).toBe(7.75);
    expect(wells?.map((w) => w.compound_id)).toEqual(WELLS.map((w) => w.compound_id));
    expect((await columnsRow()).revision).toBe(1);
  });

  it('reads the wells again when the columns are of an earlier form, and keeps them anew', async () => {
    // the first form: codes as plain lists, no form number
    const earlier = JSON.stringify({ n: 1, values: {}, codes: {}, compound_id: ['old'] });
    await t.database.db.update(libraryColumns).set({ columns: earlier });
    const wells = await libraryRepository(t.database.db).sources(OWNER, id);
    expect(wells?.map((w) => w.compound_id)).toEqual(WELLS.map((w) => w.compound_id));
    expect(wells?.[1].current_uL).toBe(7.75);
    const kept = await columnsRow();
    expect(kept.revision).toBe(1);
    expect(kept.columns).not.toBe(earlier);
    expect(await libraryRepository(t.database.db).sources(OWNER, id)).toEqual(wells);
  });
});
