// The bench of the numbers tests: a 10 mM compound in DMSO (Cpd), DMSO held to a limit and a
// medium. Each test's hand-worked figures name the limit it uses.

/** Cpd (10 mM in DMSO, 400 g/mol), DMSO limited to `dmsoLimitPct` % v/v, and Media. */
export function compoundBench(dmsoLimitPct: number) {
  return [
    {
      name: 'Cpd',
      reagent_type: 'chemical',
      solvent: 'DMSO',
      default_concentration_value: 10,
      default_concentration_units: 'mM',
      molecular_weight_g_per_mol: 400,
    },
    {
      name: 'DMSO',
      reagent_type: 'solvent',
      default_concentration_value: 100,
      default_concentration_units: '%',
      max_concentration_percent: dmsoLimitPct,
    },
    { name: 'Media', reagent_type: 'media' },
  ];
}
