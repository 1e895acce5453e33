// Shared set-up of the campaign tests: a library file imported, a campaign request.
import type { FastifyInstance } from 'fastify';
import { call } from '../plate-fixtures';

/** POST /api/libraries with this CSV text. */
export function importLibrary(
  app: FastifyInstance,
  headers: Record<string, string>,
  csv: string,
  options: Record<string, unknown> = {},
) {
  return call(app, 'POST', '/api/libraries', headers, {
    name: 'Test library',
    file_base64: Buffer.from(csv).toString('base64'),
    ...options,
  });
}

/** The bench reagents of the control layout: staurosporine 1 mM in DMSO and a buffer. */
export const CONTROL_REAGENTS = [
  {
    name: 'Staurosporine',
    reagent_type: 'chemical',
    solvent: 'DMSO',
    default_concentration_value: 1,
    default_concentration_units: 'mM',
  },
  { name: 'Assay buffer', reagent_type: 'media' },
];

/** POS (1 uM staurosporine) in A1 and B1, NEG (buffer only) in A24 and B24 of a 384 plate. */
export const CONTROL_TEMPLATE = {
  name: 'Controls',
  wells: [
    { dr: 0, dc: 0, targets: { staurosporine: { target_nM: 1000 } }, tags: ['POS'] },
    { dr: 1, dc: 0, targets: { staurosporine: { target_nM: 1000 } }, tags: ['POS'] },
    { dr: 0, dc: 23, targets: { 'assay-buffer': { target_nM: null } }, tags: ['NEG'] },
    { dr: 1, dc: 23, targets: { 'assay-buffer': { target_nM: null } }, tags: ['NEG'] },
  ],
};
