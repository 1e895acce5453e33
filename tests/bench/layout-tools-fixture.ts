// The screening-tool benchmarks' plate and ops: a full 1536-well plate (every well holds a
// compound and DMSO) and one op per tool, shared by the Node figure (layout-tools.bench.ts)
// and the browser one (tools-canvas.bench.ts, through the benchmark page).
import type { HighLevelOp } from '../../src/domain/layout';
import { plateDefn } from '../../src/domain/plate-format';
import type { BenchReagentInfo, WireWells } from '../../src/domain/plate-wire';
import { canonicalizeWells } from '../../src/domain/plate-wells';
import { idOfIndex } from '../../src/domain/well-id';

export const defn = plateDefn(1536);
export const compounds = Array.from({ length: 16 }, (_, k) => `c${k + 1}`);
export const benchSlugs = new Set([...compounds, 'staurosporine', 'dmso']);

/** Every well filled; wells 2k and 2k+1 are replicates of one treatment. */
function fullPlate(size: number, cols: number): WireWells {
  const wells: WireWells = {};
  for (let i = 0; i < size; i++) {
    const group = Math.floor(i / 2);
    wells[idOfIndex({ cols }, i)] = {
      targets: {
        [compounds[group % 16]]: { target_nM: 10 + group, volume_uL: 0.0025 },
        dmso: { target_nM: null, volume_uL: 0.01 },
      },
      tags: [],
    };
  }
  return wells;
}

// In canonical form, as the designer holds a document (GET /plate and every apply write it so).
export const plate = canonicalizeWells(defn, fullPlate(1536, 48));
// The reformat's source plates in canonical form too, as GET /plate gives them to the dialog.
const quarter = canonicalizeWells(plateDefn(384), fullPlate(384, 24));

const template: HighLevelOp = {
  op: 'template',
  at: 'C3',
  template: {
    name: 'block',
    wells: Array.from({ length: 96 }, (_, k) => ({
      dr: Math.floor(k / 12),
      dc: k % 12,
      targets: { [compounds[k % 16]]: { target_nM: 100 * (k + 1) } },
      tags: [`SERIES:t:${k + 1}`],
    })),
  },
};

const longRows = [
  ['Well', 'Reagent', 'Concentration', 'Unit'],
  ...Array.from({ length: 1536 }, (_, i) => [
    idOfIndex(defn, i),
    compounds[i % 16],
    String(1 + (i % 10)),
    'uM',
  ]),
];

export const TOOLS: { tool: string; op: HighLevelOp }[] = [
  {
    tool: 'series',
    op: {
      op: 'series',
      compounds: compounds.map((reagent) => ({ reagent })),
      top: { value: 10, unit: 'uM' },
      factor: 3,
      points: 10,
      replicates: 2,
      direction: 'rows',
      region: ['A3:AF46'],
      skip_filled: false,
    },
  },
  {
    tool: 'controls',
    op: {
      op: 'controls',
      columns: [1, 2, 47, 48],
      controls: [
        { kind: 'POS', reagent: 'staurosporine', target: { value: 10, unit: 'uM' } },
        { kind: 'NEG', reagent: 'dmso' },
      ],
    },
  },
  { tool: 'template', op: template },
  { tool: 'randomise', op: { op: 'randomise', seed: 12345, separate_replicates: true } },
  {
    tool: 'reformat',
    op: {
      op: 'reformat',
      mode: 'combine',
      convention: 'interleaved',
      sources: [1, 2, 3, 4].map((q) => ({
        plate: `P${q}`,
        format: 384,
        wells: quarter,
        quadrant: q,
      })),
    },
  },
  { tool: 'import', op: { op: 'import', form: 'long', rows: longRows } },
];

/**
 * The bench the plate and ops name, as the designer's preview reads it (the benchmark page
 * builds the same from the demo reagents): the compounds and staurosporine at 10 mM in DMSO,
 * and DMSO held to 1 % (at 0.1 % no source meets the series' low points within 5 % on
 * 2.5 nL droplets, and the tool refuses the plate).
 */
export const benchInfos: BenchReagentInfo[] = [
  ...[...compounds, 'staurosporine'].map((slug): BenchReagentInfo => ({
    slug,
    name: slug,
    type: 'chemical',
    stock_nM: 10_000_000,
    stock_pct: null,
    solvent: 'DMSO',
    max_concentration_percent: null,
    min_transfer_ul: null,
    ionic_strength_mM: null,
    molecular_weight_g_per_mol: 350,
    ions: null,
    pKa: null,
    dpKa_dT: null,
    ph: null,
    solubility_M: null,
  })),
  {
    slug: 'dmso',
    name: 'DMSO',
    type: 'solvent',
    stock_nM: null,
    stock_pct: 100,
    solvent: null,
    max_concentration_percent: 1,
    min_transfer_ul: null,
    ionic_strength_mM: null,
    molecular_weight_g_per_mol: 78.13,
    ions: null,
    pKa: null,
    dpKa_dT: null,
    ph: null,
    solubility_M: null,
  },
];
