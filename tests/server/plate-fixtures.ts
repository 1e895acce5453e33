// Shared set-up of the plate, version and bench tests: an experiment of one owner with a
// compound (1 mM staurosporine in DMSO), a solvent (DMSO, 100 % v/v) and a medium on its
// bench (slugs staurosporine, dmso, assay-medium).
import type { FastifyInstance } from 'fastify';

/** JSON request through inject(); payload may be an object or a raw JSON string. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers:
      typeof payload === 'string' ? { ...headers, 'content-type': 'application/json' } : headers,
    payload: payload as object | string | undefined,
  });
}

export const STAUROSPORINE = {
  name: 'Staurosporine',
  reagent_type: 'chemical',
  solvent: 'DMSO',
  default_concentration_value: 1,
  default_concentration_units: 'mM',
  molecular_weight_g_per_mol: 466.53,
};

export const DMSO = {
  name: 'DMSO',
  reagent_type: 'solvent',
  default_concentration_value: 100,
  default_concentration_units: '%',
  max_concentration_percent: 5,
};

export const MEDIUM = { name: 'Assay medium', reagent_type: 'media', ph: 7.4 };

/** Creates an experiment of this plate type; returns its id. */
export async function createExperiment(
  app: FastifyInstance,
  headers: Record<string, string>,
  plateType = '384',
): Promise<number> {
  const res = await call(app, 'POST', '/api/experiments/', headers, {
    name: 'Plate test',
    plate_type: plateType,
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json().id;
}

/** Puts these reagents on an experiment's bench; the bench's slugs by reagent name. */
export async function addToBench(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: number,
  reagents: readonly object[],
): Promise<Record<string, string>> {
  for (const reagent of reagents) {
    const res = await call(app, 'POST', `/api/experiments/${id}/bench/reagents`, headers, reagent);
    if (res.statusCode !== 201) throw new Error(`bench add failed: ${res.body}`);
  }
  const bench = (await call(app, 'GET', `/api/experiments/${id}/bench/reagents`, headers)).json();
  return Object.fromEntries(
    (bench as { name: string; slug: string }[]).map((r) => [r.name, r.slug]),
  );
}

/** Creates an experiment with staurosporine and DMSO on its bench; returns its id. */
export async function experimentWithBench(
  app: FastifyInstance,
  headers: Record<string, string>,
  plateType = '384',
): Promise<number> {
  const id = await createExperiment(app, headers, plateType);
  await addToBench(app, headers, id, [STAUROSPORINE, DMSO, MEDIUM]);
  return id;
}
