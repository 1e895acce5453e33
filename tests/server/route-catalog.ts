// Every route of the API (spec section 7 and the API contract), with a request that
// succeeds for the owner. The OpenAPI, route-matrix and malformed-body tests all read it, so
// a route added to the server without an entry here fails them.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Ids of what the fixture made for one owner (see route-matrix.test.ts). */
export interface Fixture {
  id: number;
  versionId: number;
  tid: string;
  sid: string;
  plateVersion: number;
  /** a reagent definition and one of its stocks, both the owner's */
  definitionId: number;
  stockId: number;
  /** a plate-reader readout of the experiment */
  readoutId: number;
  /** a transfer log imported onto the experiment */
  transferLogId: number;
}

/** Who may call a route. */
export type Access = 'public' | 'user' | 'experiment' | 'thread';

export interface RouteCase {
  method: Method;
  /** the route as the server registers it (":id", ":tid"...) */
  path: string;
  access: Access;
  /** the status a valid owner request answers */
  ok: number;
  /** a valid JSON body (given the fixture) */
  body?: (f: Fixture) => unknown;
  /** a multipart text upload instead of JSON */
  upload?: boolean;
  /** the uploaded file's text when the route reads what it is (default: plain notes) */
  uploadText?: string;
  /** a server-sent event stream: never ends, checked over a real connection */
  stream?: boolean;
  /** query string of a valid request */
  query?: string;
}

/** An Echo transfer log of one transfer onto an unbarcoded destination plate. */
export const MATRIX_TRANSFER_LOG =
  '[DETAILS]\nDestination Plate Name,Source Well,Destination Well,Transfer Volume,Actual Volume\n' +
  'Destination[1],A1,A1,2.5,2.5\n';

export const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/api/health', access: 'public', ok: 200 },
  { method: 'GET', path: '/api/metrics', access: 'public', ok: 200 },
  { method: 'GET', path: '/api/client-config', access: 'public', ok: 200 },
  { method: 'GET', path: '/api/openapi.json', access: 'public', ok: 200 },
  { method: 'GET', path: '/api/dev/status', access: 'public', ok: 200 },
  {
    method: 'POST',
    path: '/api/dev/login',
    access: 'public',
    ok: 200,
    body: () => ({ secret: 'test-developer-secret' }),
  },
  { method: 'POST', path: '/api/dev/logout', access: 'public', ok: 204 },

  { method: 'GET', path: '/api/experiments/', access: 'user', ok: 200 },
  {
    method: 'POST',
    path: '/api/experiments/',
    access: 'user',
    ok: 201,
    body: () => ({ name: 'New', plate_type: '96' }),
  },
  { method: 'GET', path: '/api/experiments/:id', access: 'experiment', ok: 200 },
  {
    method: 'PUT',
    path: '/api/experiments/:id',
    access: 'experiment',
    ok: 200,
    body: () => ({ name: 'Renamed' }),
  },
  { method: 'DELETE', path: '/api/experiments/:id', access: 'experiment', ok: 204 },
  {
    method: 'PATCH',
    path: '/api/experiments/:id/vehicle',
    access: 'experiment',
    ok: 200,
    body: () => ({ vehicle_slug: 'dmso' }),
  },
  {
    method: 'POST',
    path: '/api/experiments/:id/upload',
    access: 'experiment',
    ok: 200,
    upload: true,
  },
  { method: 'GET', path: '/api/experiments/:id/text', access: 'experiment', ok: 200 },
  {
    method: 'POST',
    path: '/api/experiments/:id/readouts',
    access: 'experiment',
    ok: 201,
    upload: true,
    uploadText: 'well,value\nA1,5\n',
  },
  { method: 'GET', path: '/api/experiments/:id/readouts', access: 'experiment', ok: 200 },
  { method: 'GET', path: '/api/experiments/:id/readouts/:readout', access: 'experiment', ok: 200 },
  {
    method: 'DELETE',
    path: '/api/experiments/:id/readouts/:readout',
    access: 'experiment',
    ok: 204,
  },
  {
    method: 'GET',
    path: '/api/experiments/:id/readouts/:readout/results',
    access: 'experiment',
    ok: 200,
  },
  {
    method: 'GET',
    path: '/api/experiments/:id/readouts/:readout/export/wells',
    access: 'experiment',
    ok: 200,
  },
  {
    method: 'GET',
    path: '/api/experiments/:id/readouts/:readout/export/fits',
    access: 'experiment',
    ok: 200,
  },
  {
    method: 'GET',
    path: '/api/experiments/:id/readouts/:readout/export/excel',
    access: 'experiment',
    ok: 200,
  },
  {
    method: 'POST',
    path: '/api/experiments/:id/transfer-logs',
    access: 'experiment',
    ok: 201,
    upload: true,
    uploadText: MATRIX_TRANSFER_LOG,
  },
  { method: 'GET', path: '/api/experiments/:id/transfer-logs', access: 'experiment', ok: 200 },
  {
    method: 'DELETE',
    path: '/api/experiments/:id/transfer-logs/:fileId',
    access: 'experiment',
    ok: 204,
  },
  { method: 'GET', path: '/api/experiments/:id/reconciliation', access: 'experiment', ok: 200 },
  { method: 'GET', path: '/api/experiments/:id/export/repick', access: 'experiment', ok: 200 },
  { method: 'GET', path: '/api/experiments/:id/export/actual', access: 'experiment', ok: 200 },
  { method: 'GET', path: '/api/experiments/:id/export/csv', access: 'experiment', ok: 200 },
  { method: 'GET', path: '/api/experiments/:id/export/excel', access: 'experiment', ok: 200 },
  { method: 'GET', path: '/api/experiments/:id/export/picklist', access: 'experiment', ok: 200 },
  { method: 'GET', path: '/api/experiments/:id/export/fill-sheet', access: 'experiment', ok: 200 },
  { method: 'GET', path: '/api/experiments/:id/export/bulk-sheet', access: 'experiment', ok: 200 },
  { method: 'GET', path: '/api/experiments/:id/export/worklist', access: 'experiment', ok: 200 },
  { method: 'GET', path: '/api/experiments/:id/export/unmet', access: 'experiment', ok: 200 },
  {
    method: 'GET',
    path: '/api/experiments/:id/export/transfer-list',
    access: 'experiment',
    ok: 200,
    query: 'instrument=acoustic',
  },

  { method: 'GET', path: '/api/experiments/:id/plate', access: 'experiment', ok: 200 },
  {
    method: 'PUT',
    path: '/api/experiments/:id/plate',
    access: 'experiment',
    ok: 200,
    body: (f) => ({
      version: f.plateVersion,
      defn: { format: 96, rows: 8, cols: 12 },
      wells: { B2: { targets: { dmso: { target_nM: null, volume_uL: 10 } } } },
    }),
  },
  {
    method: 'PATCH',
    path: '/api/experiments/:id/plate',
    access: 'experiment',
    ok: 200,
    body: (f) => ({
      version: f.plateVersion,
      ops: [{ op: 'label', wells: ['B2'], label: 'checked' }],
    }),
  },
  {
    method: 'POST',
    path: '/api/experiments/:id/versions',
    access: 'experiment',
    ok: 201,
    body: () => ({ summary: 'Checkpoint' }),
  },
  { method: 'GET', path: '/api/experiments/:id/versions', access: 'experiment', ok: 200 },
  {
    method: 'GET',
    path: '/api/experiments/:id/versions/:versionId',
    access: 'experiment',
    ok: 200,
  },
  {
    method: 'POST',
    path: '/api/experiments/:id/versions/:versionId/restore',
    access: 'experiment',
    ok: 200,
  },

  { method: 'GET', path: '/api/experiments/:id/bench/reagents', access: 'experiment', ok: 200 },
  { method: 'GET', path: '/api/instruments', access: 'public', ok: 200 },
  { method: 'GET', path: '/api/experiments/:id/dispensing', access: 'experiment', ok: 200 },
  {
    method: 'PUT',
    path: '/api/experiments/:id/dispensing',
    access: 'experiment',
    ok: 200,
    body: () => ({ destination_barcode: 'DEST-1' }),
  },
  { method: 'GET', path: '/api/experiments/:id/dispense-plan', access: 'experiment', ok: 200 },
  {
    method: 'POST',
    path: '/api/experiments/:id/bench/reagents',
    access: 'experiment',
    ok: 201,
    body: () => ({
      name: 'HEPES',
      reagent_type: 'buffer',
      default_concentration_value: 1,
      default_concentration_units: 'M',
      ph: 7.4,
    }),
  },
  {
    method: 'PATCH',
    path: '/api/experiments/:id/bench/reagents',
    access: 'experiment',
    ok: 200,
    body: () => ({ slug: 'dmso', max_concentration_percent: 2 }),
  },
  {
    method: 'PATCH',
    path: '/api/experiments/:id/bench/reagents/:slug',
    access: 'experiment',
    ok: 200,
    body: () => ({ min_transfer_ul: 0.5 }),
  },
  {
    method: 'DELETE',
    path: '/api/experiments/:id/bench/reagents',
    access: 'experiment',
    ok: 204,
    query: 'slug=staurosporine',
  },
  {
    method: 'DELETE',
    path: '/api/experiments/:id/bench/reagents/:slug',
    access: 'experiment',
    ok: 204,
  },

  {
    method: 'POST',
    path: '/api/experiments/:id/chat',
    access: 'experiment',
    ok: 200,
    body: (f) => ({ message: 'How many wells are filled?', thread_id: f.tid }),
  },
  { method: 'GET', path: '/api/experiments/:id/chat/history', access: 'experiment', ok: 200 },
  { method: 'POST', path: '/api/experiments/:id/chat/sessions', access: 'experiment', ok: 201 },
  { method: 'GET', path: '/api/experiments/:id/chat/sessions', access: 'experiment', ok: 200 },
  {
    method: 'GET',
    path: '/api/experiments/:id/chat/sessions/:sid/messages',
    access: 'experiment',
    ok: 200,
  },
  {
    method: 'PATCH',
    path: '/api/experiments/:id/chat/sessions/:sid',
    access: 'experiment',
    ok: 200,
  },
  { method: 'GET', path: '/api/experiments/:id/threads', access: 'experiment', ok: 200 },
  {
    method: 'GET',
    path: '/api/experiments/:id/threads/:tid/state',
    access: 'experiment',
    ok: 200,
    query: 'ts=1',
  },
  {
    method: 'POST',
    path: '/api/experiments/:id/threads/:tid/resume',
    access: 'experiment',
    ok: 200,
    body: () => ({ message: 'And now?' }),
  },
  { method: 'DELETE', path: '/api/experiments/:id/threads/:tid', access: 'experiment', ok: 204 },
  {
    method: 'PATCH',
    path: '/api/experiments/:id/threads/:tid',
    access: 'experiment',
    ok: 200,
    body: () => ({ title: 'Renamed thread' }),
  },
  { method: 'GET', path: '/api/experiments/:id/agent-state', access: 'experiment', ok: 200 },
  {
    method: 'PUT',
    path: '/api/experiments/:id/agent-state',
    access: 'experiment',
    ok: 200,
    body: () => ({ step: 'thinking' }),
  },
  {
    method: 'GET',
    path: '/api/experiments/:id/events',
    access: 'experiment',
    ok: 200,
    stream: true,
  },
  {
    method: 'GET',
    path: '/api/agents/:agent/threads/:tid/progress',
    access: 'thread',
    ok: 200,
  },
  {
    method: 'GET',
    path: '/api/agents/:agent/threads/:tid/observations',
    access: 'thread',
    ok: 200,
    query: 'limit=5',
  },

  { method: 'GET', path: '/api/templates', access: 'user', ok: 200 },
  {
    method: 'POST',
    path: '/api/templates',
    access: 'user',
    ok: 201,
    body: () => ({
      name: 'Fixture pair',
      wells: [{ dr: 0, dc: 0, targets: { dmso: { target_nM: null } }, tags: ['NEG'] }],
    }),
  },
  { method: 'DELETE', path: '/api/templates/:templateId', access: 'user', ok: 204 },
  {
    method: 'POST',
    path: '/api/templates/:templateId/apply',
    access: 'user',
    ok: 200,
    body: (f) => ({ experiment_ids: [f.id], at: 'B2' }),
  },

  { method: 'GET', path: '/api/libraries', access: 'user', ok: 200 },
  {
    method: 'POST',
    path: '/api/libraries',
    access: 'user',
    ok: 201,
    body: () => ({
      name: 'Fixture library',
      file_base64: Buffer.from('Barcode,Well,Compound ID,Concentration\nL1,A1,C1,10\n').toString(
        'base64',
      ),
    }),
  },
  { method: 'GET', path: '/api/libraries/:libraryId', access: 'user', ok: 200 },
  {
    method: 'PATCH',
    path: '/api/libraries/:libraryId/wells',
    access: 'user',
    ok: 200,
    body: () => ({ barcode: 'L1', well: 'A1', current_uL: 40 }),
  },
  { method: 'GET', path: '/api/campaigns', access: 'user', ok: 200 },
  {
    method: 'POST',
    path: '/api/campaigns',
    access: 'user',
    ok: 201,
    body: () => ({
      name: 'Fixture campaign',
      format: 384,
      library_id: 1,
      barcode: { prefix: 'F' },
      layout: { template: { name: 'None', wells: [] } },
      dose: { top: { value: 10, unit: 'uM' } },
    }),
  },
  { method: 'GET', path: '/api/campaigns/:campaignId', access: 'user', ok: 200 },
  { method: 'GET', path: '/api/campaigns/:campaignId/dispense-plan', access: 'user', ok: 200 },
  { method: 'GET', path: '/api/campaigns/:campaignId/qc', access: 'user', ok: 200 },
  { method: 'GET', path: '/api/campaigns/:campaignId/export/picklist', access: 'user', ok: 200 },
  { method: 'GET', path: '/api/campaigns/:campaignId/export/platemap', access: 'user', ok: 200 },
  { method: 'GET', path: '/api/campaigns/:campaignId/thumbnails', access: 'user', ok: 200 },
  { method: 'GET', path: '/api/campaigns/:campaignId/plan-summary', access: 'user', ok: 200 },
  { method: 'GET', path: '/api/campaigns/:campaignId/export/sources', access: 'user', ok: 200 },
  {
    method: 'GET',
    path: '/api/campaigns/:campaignId/plates/:position/export/picklist',
    access: 'user',
    ok: 200,
  },
  {
    method: 'GET',
    path: '/api/campaigns/:campaignId/plates/:position/export/bulk',
    access: 'user',
    ok: 200,
  },

  { method: 'GET', path: '/api/reagents/catalog', access: 'user', ok: 200, query: 'q=dmso' },
  { method: 'GET', path: '/api/reagents/definitions', access: 'user', ok: 200 },
  {
    method: 'POST',
    path: '/api/reagents/definitions',
    access: 'user',
    ok: 201,
    body: () => ({ name: 'Tris', reagent_type: 'other' }),
  },
  { method: 'GET', path: '/api/reagents/definitions/:id', access: 'user', ok: 200 },
  {
    method: 'PATCH',
    path: '/api/reagents/definitions/:id',
    access: 'user',
    ok: 200,
    body: () => ({ name: 'Fixture buffer', description: 'Checked' }),
  },
  { method: 'DELETE', path: '/api/reagents/definitions/:id', access: 'user', ok: 204 },
  { method: 'GET', path: '/api/reagents/definitions/:id/stocks', access: 'user', ok: 200 },
  {
    method: 'POST',
    path: '/api/reagents/definitions/:id/stocks',
    access: 'user',
    ok: 201,
    body: (f) => ({ concentration_value: 10, concentration_units: 'mM', experiment_id: f.id }),
  },
  { method: 'GET', path: '/api/reagents/stocks/:id', access: 'user', ok: 200 },
  {
    method: 'PATCH',
    path: '/api/reagents/stocks/:id',
    access: 'user',
    ok: 200,
    body: () => ({ label: 'Box 4' }),
  },
  { method: 'DELETE', path: '/api/reagents/stocks/:id', access: 'user', ok: 204 },
  {
    method: 'GET',
    path: '/api/reagents/experiments/:id/stocks',
    access: 'experiment',
    ok: 200,
  },
  {
    method: 'POST',
    path: '/api/report-issue',
    access: 'user',
    ok: 201,
    body: () => ({ description: 'Something went wrong' }),
  },
];

/** A path with its parameters filled from the fixture. */
export function fillPath(path: string, f: Fixture, agent = 'planner'): string {
  const id = path.startsWith('/api/reagents/definitions/')
    ? f.definitionId
    : path.startsWith('/api/reagents/stocks/')
      ? f.stockId
      : f.id;
  return path
    .replace(':id', String(id))
    .replace(':versionId', String(f.versionId))
    .replace(':readout', String(f.readoutId))
    .replace(':tid', f.tid)
    .replace(':sid', f.sid)
    .replace(':slug', 'dmso')
    .replace(':templateId', '1')
    .replace(':libraryId', '1')
    .replace(':campaignId', '1')
    .replace(':position', '1')
    .replace(':fileId', String(f.transferLogId))
    .replace(':agent', agent);
}

/** "/api/experiments/:id/plate" -> "/api/experiments/{id}/plate" (OpenAPI spelling). */
export function openapiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}
