// Results of an experiment's plate (prefix /api/experiments): import a plate-reader file
// (multipart field "file"; CSV or .xlsx, long or grid), list and delete its readouts, and a
// readout's QC, normalised values and fits read against the current layout.
import { plateRun } from '../transfer-logs/plate-run';
import type { TransferLogsRepository } from '../transfer-logs/repository';
import { experimentParamsSchema } from '../../domain/schemas/experiment';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlateState } from '../../domain/plate-state';
import { wellDoses } from '../../domain/results/doses';
import { plateForBarcode } from '../../domain/results/match-plate';
import { analysePlate } from '../../domain/results/plate-analysis';
import { readReaderFile } from '../../domain/results/reader-file';
import {
  importAnswerSchema,
  importQuerySchema,
  plateResultsSchema,
  readoutParamsSchema,
  type PlateResults,
  readoutListSchema,
  readoutSchema,
  resultsQuerySchema,
} from '../../domain/schemas/results';
import { parseWellId } from '../../domain/well-id';
import { userOf } from '../auth/request-user';
import { HttpError } from '../errors';
import { PLATE_MAP_CAPS, readPlateMap } from '../imports/read-plate-map';
import type { PlateService } from '../plate/plate-service';
import type { ExperimentsRepository } from '../repositories/experiments';
import { settingsOf } from '../routes/dispensing';
import { ownedExperiment } from '../routes/experiment-access';
import type { ReadoutsRepository } from './readouts-repository';
import { resultsExportRoutes } from './results-export-routes';

/** A reader file is larger than a plate map: 300 plates of 1536 wells as long lines. */
export const READER_FILE_CAPS = {
  ...PLATE_MAP_CAPS,
  bytes: 16_000_000,
  inflatedBytes: 160_000_000,
  sheets: 400,
  rows: 500_000,
  columns: 64,
  cells: 2_000_000,
  cellChars: 200,
};
const MULTIPART_OVERHEAD = 16 * 1024;
const tags = ['Results'];
const params = experimentParamsSchema;
const readoutParams = readoutParamsSchema;
const errorSchema = z.object({
  detail: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

const readoutNotFound = () => new HttpError(404, 'Readout not found');
const refused = (message: string, problems: string[]) =>
  new HttpError(
    400,
    message,
    problems.map((p) => ({ path: 'file', message: p })),
  );

export async function resultsRoutes(
  app: FastifyInstance,
  options: {
    experiments: ExperimentsRepository;
    plates: PlateService;
    readouts: ReadoutsRepository;
    /** the plate's transfer logs: doses are the actual concentrations once a log exists */
    logs: TransferLogsRepository;
  },
): Promise<void> {
  const { experiments, plates, readouts, logs } = options;
  await app.register(multipart, {
    limits: { fileSize: READER_FILE_CAPS.bytes, files: 1, fields: 10, parts: 12 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.post(
    '/:id/readouts',
    {
      schema: {
        summary:
          'Import a plate-reader file (multipart field "file": CSV or .xlsx, long or grid); all its plates or none',
        tags,
        consumes: ['multipart/form-data'],
        params,
        querystring: importQuerySchema,
        // Read from the multipart stream by the handler (the parser fills no body): the
        // schema is the form's one field, for the document.
        body: z.object({ file: z.unknown().optional().describe('The file') }),
        response: { 201: importAnswerSchema, 400: errorSchema },
      },
      onRequest: async (request) => {
        if (Number(request.headers['content-length']) > READER_FILE_CAPS.bytes + MULTIPART_OVERHEAD)
          throw new HttpError(413, 'The file is larger than 16 MB: split it and import the parts');
      },
    },
    async (request, reply) => {
      const row = await ownedExperiment(experiments, request);
      if (!request.isMultipart())
        throw new HttpError(415, 'Send the file as multipart/form-data in the field "file".');
      const part = await request.file().catch(() => undefined);
      if (!part || part.fieldname !== 'file')
        throw new HttpError(400, 'No file was sent: add it to the field "file".');
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch {
        throw new HttpError(413, 'The file is larger than 16 MB: split it and import the parts');
      }
      if (part.file.truncated)
        throw new HttpError(413, 'The file is larger than 16 MB: split it and import the parts');
      const sheets = readPlateMap(new Uint8Array(bytes), READER_FILE_CAPS);
      if (!sheets.ok) throw refused(`The file was not imported: ${sheets.message}`, []);
      const { ratio_numerator: num, ratio_denominator: den } = request.query;
      if ((num === undefined) !== (den === undefined))
        throw new HttpError(
          400,
          'A ratio needs both channels: ratio_numerator and ratio_denominator',
        );
      const file = readReaderFile(
        sheets.sheets,
        num !== undefined && den !== undefined ? { numerator: num, denominator: den } : undefined,
      );
      if (!file.ok) throw refused(file.message, file.problems);
      // every plate must be this experiment's, and every well on its plate
      const open = { experimentId: row.id, barcode: settingsOf(row).destination_barcode };
      const { defn } = await plates.planInputs(userOf(request).id, row.id);
      const problems: string[] = [];
      for (const p of file.plates) {
        if (!plateForBarcode(p.barcode, open))
          problems.push(
            `Barcode "${p.barcode}" matches no plate of this experiment (its barcode is "${open.barcode}"; set it under Dispensing)`,
          );
        const outside = Object.keys(p.values).find((w) => !parseWellId(w, defn));
        if (outside)
          problems.push(
            `Plate "${p.barcode}": well ${outside} is not on this ${defn.format}-well plate`,
          );
      }
      if (problems.length > 0)
        throw refused(
          `The file was not imported: ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
          problems,
        );
      const name = (part.filename || 'reader file').slice(0, 255);
      return reply.status(201).send(await readouts.importRun(row.id, name, file.plates));
    },
  );

  r.get(
    '/:id/readouts',
    {
      schema: {
        summary: "The experiment's readouts, oldest run first",
        tags,
        params,
        response: { 200: readoutListSchema },
      },
    },
    async (request) => {
      const row = await ownedExperiment(experiments, request);
      return { readouts: await readouts.list(row.id) };
    },
  );

  r.get(
    '/:id/readouts/:readout',
    {
      schema: {
        summary: 'One readout with its readings',
        tags,
        params: readoutParams,
        response: { 200: readoutSchema },
      },
    },
    async (request) => {
      const row = await ownedExperiment(experiments, request);
      const found = await readouts.get(row.id, request.params.readout);
      if (!found) throw readoutNotFound();
      return { ...found.summary, values: found.values };
    },
  );

  r.delete(
    '/:id/readouts/:readout',
    {
      schema: {
        summary: 'Deletes one readout (the others of its run stay)',
        tags,
        params: readoutParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const row = await ownedExperiment(experiments, request);
      if (!(await readouts.remove(row.id, request.params.readout))) throw readoutNotFound();
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/:id/readouts/:readout/results',
    {
      schema: {
        summary: "A readout's QC, normalised values and 4PL fits, read against the current layout",
        tags,
        params: readoutParams,
        querystring: resultsQuerySchema,
        response: { 200: plateResultsSchema },
      },
    },
    async (request) => resultsOf(request, request.query.z_prime_min),
  );

  /** A readout of the caller's experiment read against the plate as it is now. */
  async function resultsOf(
    request: FastifyRequest & { params: { id: number; readout: number } },
    zPrimeMin: number,
  ): Promise<PlateResults> {
    const row = await ownedExperiment(experiments, request);
    const found = await readouts.get(row.id, request.params.readout);
    if (!found) throw readoutNotFound();
    const answer = await plates.current(userOf(request).id, row.id);
    const plate = JSON.parse(answer.json) as PlateState;
    // What the wells really hold when the instrument's log is in, else what was planned.
    const { actual } = await plateRun(plates, logs, userOf(request).id, row);
    const analysis = analysePlate(plate.defn, wellDoses(plate, actual ?? undefined), found.values, {
      z_prime_min: zPrimeMin,
    });
    return { readout: found.summary, ...jsonSafe(analysis) };
  }

  resultsExportRoutes(app, resultsOf);
}

/** NaN and infinities (a spread of one value, a singular fit) travel as null. */
function jsonSafe<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (_k, v: unknown) =>
      typeof v === 'number' && !Number.isFinite(v) ? null : v,
    ),
  ) as T;
}
