import type { SeedEntry } from './seed-entry';

// Media: ready-to-use liquids, pH as the vendor specifies it in its usual atmosphere.
export const MEDIA: SeedEntry[] = [
  {
    slug: 'dmem-high-glucose',
    name: 'DMEM, high glucose',
    aliases: ['DMEM', "Dulbecco's Modified Eagle Medium", 'Dulbecco modified Eagle medium'],
    ph: 7.4,
    description:
      'Basal medium (4.5 g/L glucose) for HeLa, HEK293 and most adherent lines; 5 % CO2.',
  },
  {
    slug: 'rpmi-1640',
    name: 'RPMI 1640',
    aliases: ['RPMI', 'RPMI-1640', 'Roswell Park Memorial Institute medium'],
    ph: 7.2,
    description: 'Basal medium for suspension and lymphoid cells (Jurkat, K562, PBMC); 5 % CO2.',
  },
  {
    slug: 'mem',
    name: "MEM (Eagle's, Earle's salts)",
    aliases: ['MEM', 'EMEM', 'Minimum Essential Medium', "Eagle's Minimum Essential Medium"],
    ph: 7.4,
    description: 'Basal medium for HepG2, MCF-7 and many ATCC lines; 5 % CO2.',
  },
  {
    slug: 'opti-mem',
    name: 'Opti-MEM I Reduced Serum Medium',
    aliases: ['Opti-MEM', 'OptiMEM'],
    ph: 7.2,
    description: 'Reduced-serum medium for transfection complexes and low-serum assays.',
  },
  {
    slug: 'hams-f12',
    name: "Ham's F-12",
    aliases: ['F-12', 'F12', "Ham's F12", 'Nutrient Mixture F-12'],
    ph: 7.3,
    description: 'Nutrient mixture for CHO cells and serum-free work.',
  },
  {
    slug: 'f-12k',
    name: "F-12K (Kaighn's)",
    aliases: ['F-12K', 'F12K', "Kaighn's modification of Ham's F-12"],
    ph: 7.2,
    description: 'ATCC medium for CHO-K1 and A549 cells.',
  },
  {
    slug: 'dmem-f12',
    name: 'DMEM/F-12',
    aliases: ['DMEM/F12', 'DMEM-F12', 'DMEM:Nutrient Mixture F-12'],
    ph: 7.3,
    description: '1:1 mix of DMEM and F-12 for SH-SY5Y, stem cells and serum-free cultures.',
  },
  {
    slug: 'mccoys-5a',
    name: "McCoy's 5A",
    aliases: ['McCoys 5A', "McCoy's 5A (modified)", 'McCoy 5A'],
    ph: 7.3,
    description: 'Medium for U2OS, HCT116 and HT-29 cells.',
  },
  {
    slug: 'leibovitz-l15',
    name: "Leibovitz's L-15",
    aliases: ['L-15', 'L15', 'Leibovitz L-15'],
    ph: 7.6,
    description: 'Medium buffered without bicarbonate for use in room air (no CO2).',
  },
  {
    slug: 'imdm',
    name: "IMDM (Iscove's)",
    aliases: ['IMDM', "Iscove's Modified Dulbecco's Medium"],
    ph: 7.2,
    description: 'Rich medium for haematopoietic cells and K562.',
  },
  {
    slug: 'pbs-1x',
    name: 'PBS, 1x (cell culture)',
    aliases: ['PBS', '1x PBS', 'phosphate-buffered saline'],
    ph: 7.4,
    description: 'Isotonic saline for washing cells and diluting reagents on cells.',
  },
  {
    slug: 'dpbs',
    name: 'DPBS, no calcium, no magnesium',
    aliases: ['DPBS', "Dulbecco's PBS", 'DPBS -/-', 'D-PBS'],
    ph: 7.2,
    description: "Dulbecco's phosphate-buffered saline for rinsing cells before detachment.",
  },
  {
    slug: 'hbss',
    name: 'HBSS',
    aliases: ["Hanks' Balanced Salt Solution", 'Hanks balanced salt solution', 'HBSS +/+'],
    ph: 7.4,
    description:
      'Balanced salt solution (with Ca2+/Mg2+) used as assay buffer in calcium and uptake assays.',
  },
];
