// Shared set-up of the load tests: a signed-in developer and a full 1536-well plate.
import type { FastifyInstance } from 'fastify';
import { idOfIndex } from '../../../src/domain/well-id';
import { TEST_DEV_SECRET } from '../helpers';
import { call, experimentWithBench } from '../plate-fixtures';

/** The developer cookie header of a fresh sign-in. */
export async function devHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/dev/login',
    payload: { secret: TEST_DEV_SECRET },
  });
  const cookie = login.cookies.find((c) => c.name === 'plate_dev');
  if (!cookie) throw new Error(`developer login failed: ${login.body}`);
  return { cookie: `plate_dev=${cookie.value}` };
}

/** An experiment whose 1536 wells all hold staurosporine (a different target per column). */
export async function full1536(
  app: FastifyInstance,
  headers: Record<string, string>,
): Promise<number> {
  const id = await experimentWithBench(app, headers, '1536');
  const wells: Record<string, unknown> = {};
  for (let i = 0; i < 1536; i++) {
    wells[idOfIndex({ cols: 48 }, i)] = {
      targets: { staurosporine: { target_nM: 10 + (i % 48), volume_uL: 0.01 } },
      tags: i % 2 ? ['odd'] : [],
    };
  }
  const put = await call(app, 'PUT', `/api/experiments/${id}/plate`, headers, {
    version: 0,
    defn: { format: 1536 },
    wells,
  });
  if (put.statusCode !== 200) throw new Error(`plate put failed: ${put.body.slice(0, 300)}`);
  return id;
}
