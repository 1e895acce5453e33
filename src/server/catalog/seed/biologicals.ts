import type { SeedEntry } from './seed-entry';

// Biologicals: the solvent is the diluent or growth medium. Protein stocks are the usual
// mass concentration (in the description) converted to molar with the protein's mass.
export const BIOLOGICALS: SeedEntry[] = [
  {
    slug: 'bsa',
    name: 'BSA',
    aliases: ['bovine serum albumin', 'albumin', 'BSA fraction V'],
    stock: [10, '%'],
    solvent: 'water',
    mw: 66430,
    description:
      'Carrier protein and blocking agent; 10 % (w/v) stock, used at 0.01-1 % against sticking.',
  },
  {
    slug: 'trypsin-edta',
    name: 'Trypsin-EDTA (0.25 %)',
    aliases: ['trypsin', 'trypsin-EDTA', 'trypsin 0.25%'],
    stock: [0.25, '%'],
    solvent: 'HBSS',
    mw: 23400,
    description: 'Porcine trypsin (~23.4 kDa) with EDTA for detaching adherent cells.',
  },
  {
    slug: 'dnase-i',
    name: 'DNase I (bovine pancreas)',
    aliases: ['DNase', 'DNase I', 'deoxyribonuclease I'],
    stock: [32.3, 'uM'],
    solvent: 'water',
    mw: 31000,
    description:
      'Endonuclease (~31 kDa) that removes DNA from RNA preps and cell clumps; 1 mg/mL stock.',
  },
  {
    slug: 'rnase-a',
    name: 'RNase A (bovine pancreas)',
    aliases: ['RNase', 'RNase A', 'ribonuclease A'],
    stock: [730, 'uM'],
    solvent: 'water',
    mw: 13700,
    description:
      'Ribonuclease (13.7 kDa) for plasmid preps and cell-cycle DNA staining; 10 mg/mL stock.',
  },
  {
    slug: 'proteinase-k',
    name: 'Proteinase K',
    aliases: ['protease K', 'endopeptidase K'],
    stock: [692, 'uM'],
    solvent: 'water',
    mw: 28900,
    description:
      'Broad-specificity serine protease (28.9 kDa) for lysis and nuclease removal; 20 mg/mL stock.',
  },
  {
    slug: 'egf-human',
    name: 'EGF, human recombinant',
    aliases: ['EGF', 'epidermal growth factor', 'hEGF', 'rhEGF'],
    stock: [16.1, 'uM'],
    solvent: 'PBS + 0.1 % BSA',
    mw: 6200,
    description: 'EGFR agonist (6.2 kDa); 100 µg/mL stock for stimulation and growth media.',
  },
  {
    slug: 'tnf-alpha-human',
    name: 'TNF-alpha, human recombinant',
    aliases: ['TNF-α', 'TNFa', 'TNF', 'tumor necrosis factor alpha', 'rhTNF-alpha'],
    stock: [575, 'nM'],
    solvent: 'PBS + 0.1 % BSA',
    mw: 17400,
    description: 'Pro-inflammatory cytokine (17.4 kDa monomer); NF-kB activation; 10 µg/mL stock.',
  },
  {
    slug: 'il-6-human',
    name: 'IL-6, human recombinant',
    aliases: ['IL-6', 'IL6', 'interleukin-6', 'rhIL-6'],
    stock: [478, 'nM'],
    solvent: 'PBS + 0.1 % BSA',
    mw: 20900,
    description: 'Cytokine (20.9 kDa) activating JAK/STAT3 signalling; 10 µg/mL stock.',
  },
  {
    slug: 'insulin-human',
    name: 'Insulin, human recombinant',
    aliases: ['insulin', 'human insulin', 'rh-insulin'],
    stock: [1.72, 'mM'],
    solvent: '25 mM HEPES, pH 8.2',
    mw: 5808,
    description:
      'Insulin receptor agonist (5808 Da) for glucose-uptake assays and media; 10 mg/mL stock.',
  },
  {
    slug: 'hela-cells',
    name: 'HeLa cells',
    aliases: ['HeLa', 'HeLa CCL-2'],
    solvent: 'DMEM + 10 % FBS',
    cellsPerMl: 1_000_000,
    description:
      'Human cervical adenocarcinoma line; workhorse for imaging and cytotoxicity assays.',
  },
  {
    slug: 'hek293-cells',
    name: 'HEK293 cells',
    aliases: ['HEK293', 'HEK 293', 'HEK-293', 'human embryonic kidney 293'],
    solvent: 'DMEM + 10 % FBS',
    cellsPerMl: 1_000_000,
    description:
      'Human embryonic kidney line; easily transfected host for reporter and receptor assays.',
  },
  {
    slug: 'cho-k1-cells',
    name: 'CHO-K1 cells',
    aliases: ['CHO-K1', 'CHO', 'Chinese hamster ovary'],
    solvent: 'F-12K + 10 % FBS',
    cellsPerMl: 1_000_000,
    description: 'Chinese hamster ovary line; host for recombinant GPCR and ion-channel assays.',
  },
  {
    slug: 'a549-cells',
    name: 'A549 cells',
    aliases: ['A549', 'A-549'],
    solvent: 'F-12K + 10 % FBS',
    cellsPerMl: 1_000_000,
    description: 'Human lung carcinoma line for cytotoxicity and inflammation assays.',
  },
  {
    slug: 'hepg2-cells',
    name: 'HepG2 cells',
    aliases: ['HepG2', 'Hep G2', 'Hep-G2'],
    solvent: 'EMEM + 10 % FBS',
    cellsPerMl: 1_000_000,
    description: 'Human hepatocellular carcinoma line for hepatotoxicity and metabolism assays.',
  },
  {
    slug: 'jurkat-cells',
    name: 'Jurkat cells',
    aliases: ['Jurkat', 'Jurkat E6-1', 'Jurkat clone E6-1'],
    solvent: 'RPMI 1640 + 10 % FBS',
    cellsPerMl: 1_000_000,
    description:
      'Human T-cell leukaemia suspension line for T-cell signalling and apoptosis assays.',
  },
  {
    slug: 'mcf-7-cells',
    name: 'MCF-7 cells',
    aliases: ['MCF-7', 'MCF7'],
    solvent: 'EMEM + 10 % FBS + 0.01 mg/mL insulin',
    cellsPerMl: 1_000_000,
    description: 'Estrogen receptor-positive human breast cancer line.',
  },
  {
    slug: 'u2os-cells',
    name: 'U2OS cells',
    aliases: ['U2OS', 'U-2 OS', 'U-2OS'],
    solvent: "McCoy's 5A + 10 % FBS",
    cellsPerMl: 1_000_000,
    description:
      'Human osteosarcoma line, flat and well spread: a favourite for high-content imaging.',
  },
];
