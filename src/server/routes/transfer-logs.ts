// What the instrument did, back onto the plate: import an Echo transfer log or a source
// survey (POST /api/experiments/{id}/transfer-logs, multipart field "file"), list and delete
// them, the reconciliation of the plan with them (GET .../reconciliation), the re-pick
// picklist (GET .../export/repick, the picklist's columns) and planned beside actual
// (GET .../export/actual).
import { CSV_TYPE, fileAnswer } from '../../domain/schemas/export-answer';
import { experimentParamsSchema, idParamSchema } from '../../domain/schemas/experiment';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { picklistCells } from '../../domain/dispensing/export-rows';
import {
  importAnswerSchema,
  reconciliationSchema,
  runFilesSchema,
} from '../../domain/schemas/transfer-logs';
import { FileLineError } from '../../domain/transfer-log/csv-lines';
import { parseTransferLog, type TransferLog } from '../../domain/transfer-log/echo-log';
import { measuredSources, plateKey } from '../../domain/transfer-log/measured-sources';
import { reconcile } from '../../domain/transfer-log/reconcile';
import { repickOf, repickPlan } from '../../domain/transfer-log/repick';
import { parseSurvey, type SurveyWell } from '../../domain/transfer-log/survey';
import { userOf } from '../auth/request-user';
import { HttpError } from '../errors';
import { CSV_DOWNLOAD_TYPE, csvText, download } from '../exports/download';
import { recordMeasuredVolumes } from '../campaigns/measured-volumes';
import type { Db } from '../db/connect';
import type { PlateService } from '../plate/plate-service';
import type { ExperimentsRepository } from '../repositories/experiments';
import { actualCells, reconciliationAnswer } from '../transfer-logs/answer';
import { plateRun } from '../transfer-logs/plate-run';
import type { RunFileKind, TransferLogsRepository } from '../transfer-logs/repository';
import { ownedExperiment } from './experiment-access';
import { decodeUploadedText, UPLOAD_FIELD } from './uploads';

/** Largest file accepted, bytes: a 1536 plate's log is about 0.4 MB. */
const MAX_LOG_BYTES = 8 * 1024 * 1024;
/** Files one experiment may keep. */
const MAX_FILES = 50;
const MAX_FILENAME = 255;

const tags = ['Transfer logs'];
const params = experimentParamsSchema;
const LOG_NOT_FOUND = 'No such transfer log or survey on this plate';
const fileParams = experimentParamsSchema.extend({ fileId: idParamSchema(LOG_NOT_FOUND) });
const importQuery = z.object({
  kind: z
    .enum(['transfer-log', 'survey', 'auto'])
    .default('auto')
    .describe('what the file is; auto reads a transfer log, else a survey'),
});

const tooLarge = () =>
  new HttpError(413, 'The file is larger than 8 MB. Split the log by destination plate.');

type Read =
  | { kind: 'transfer log'; log: TransferLog; rows: number }
  | { kind: 'survey'; survey: SurveyWell[]; rows: number };

/** The file read as its kind says, or a 400 naming its line. */
function readFile(text: string, kind: 'transfer-log' | 'survey' | 'auto'): Read {
  const asLog = (): Read => {
    const log = parseTransferLog(text);
    return { kind: 'transfer log', log, rows: log.transfers.length };
  };
  const asSurvey = (): Read => {
    const survey = parseSurvey(text);
    return { kind: 'survey', survey, rows: survey.length };
  };
  try {
    if (kind === 'transfer-log') return asLog();
    if (kind === 'survey') return asSurvey();
    try {
      return asLog();
    } catch (error) {
      // a survey has no Destination Well: read it as one before giving up
      try {
        return asSurvey();
      } catch {
        throw error;
      }
    }
  } catch (error) {
    if (error instanceof FileLineError) {
      throw new HttpError(400, `${error.message} Fix the file and import it again.`);
    }
    throw error;
  }
}

/** Registers the transfer-log routes (prefix /api/experiments). */
export async function transferLogRoutes(
  app: FastifyInstance,
  options: {
    experiments: ExperimentsRepository;
    plates: PlateService;
    logs: TransferLogsRepository;
    db: Db;
  },
): Promise<void> {
  const { experiments, plates, logs, db } = options;
  await app.register(multipart, {
    limits: { fileSize: MAX_LOG_BYTES, files: 1, fields: 4, parts: 6 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.post(
    '/:id/transfer-logs',
    {
      schema: {
        summary:
          'Import an Echo transfer log or a source survey onto the plate (multipart field "file", at most 8 MB)',
        tags,
        consumes: ['multipart/form-data'],
        params,
        querystring: importQuery,
        // Read from the multipart stream by the handler (the parser fills no body): the
        // schema is the form's one field, for the document.
        body: z.object({ file: z.unknown().optional().describe('The file') }),
        response: { 201: importAnswerSchema },
      },
      onRequest: async (request) => {
        const length = Number(request.headers['content-length']);
        if (length > MAX_LOG_BYTES + 16 * 1024) throw tooLarge();
      },
    },
    async (request, reply) => {
      const experiment = await ownedExperiment(experiments, request);
      const owner = userOf(request).id;
      if (!request.isMultipart()) {
        throw new HttpError(
          415,
          `Send the file as multipart/form-data in the field "${UPLOAD_FIELD}".`,
        );
      }
      const part = await request.file().catch((error: Error & { statusCode?: number }) => {
        if (error.statusCode && error.statusCode < 500) throw error;
        throw new HttpError(400, `The upload is not valid multipart/form-data (${error.message}).`);
      });
      if (!part || part.fieldname !== UPLOAD_FIELD) {
        part?.file.resume();
        throw new HttpError(400, `No file was sent: add it to the field "${UPLOAD_FIELD}".`);
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw new HttpError(400, `The upload could not be read (${(error as Error).message}).`);
      }
      if (part.file.truncated || bytes.length > MAX_LOG_BYTES) throw tooLarge();
      const text = decodeUploadedText(bytes);
      const read = readFile(text, request.query.kind);
      const stored = await logs.list(experiment.id);
      if (stored.length >= MAX_FILES) {
        throw new HttpError(
          409,
          `This plate already keeps ${MAX_FILES} files. Delete some before importing more.`,
        );
      }
      const { plan, run } = await plateRun(plates, logs, owner, experiment);
      let matched = 0;
      let unmatched = 0;
      let missed = 0;
      if (read.kind === 'transfer log') {
        // the log must be of this plate: its destination barcode (or name, when unset)
        const s = plan.settings;
        const mine = plateKey(s.destination_barcode, 'Destination[1]');
        const theirs = new Set(
          read.log.transfers.map((t) => plateKey(t.destination_barcode, t.destination_plate)),
        );
        if (read.log.transfers.length > 0 && !theirs.has(mine)) {
          throw new HttpError(
            422,
            `This log is of the plate ${[...theirs].slice(0, 5).join(', ')}; this plate's destination barcode is "${s.destination_barcode}". Set the barcode in the dispensing settings, or import the log onto its own plate.`,
          );
        }
        const rec = reconcile(run, [{ name: 'import', kind: 'transfer log', log: read.log }]);
        matched = read.rows - rec.unmatched.length;
        unmatched = rec.unmatched.length;
        missed = rec.wells.filter((w) => w.status === 'missed').length;
      }
      const filename = (part.filename || 'transfer-log.csv').slice(0, MAX_FILENAME);
      const kind: RunFileKind = read.kind;
      const file = await logs.add(experiment.id, { kind, filename, rows: read.rows, text });
      // what the instrument measured moves the owner's library wells of those plates
      const runFile =
        read.kind === 'survey'
          ? { name: filename, kind: 'survey' as const, survey: read.survey }
          : { name: filename, kind: 'transfer log' as const, log: read.log };
      const updated = await recordMeasuredVolumes(db, owner, measuredSources([runFile]).values());
      return reply.status(201).send({
        ...file,
        matched,
        unmatched,
        missed_wells: missed,
        library_wells_updated: updated,
      });
    },
  );

  r.get(
    '/:id/transfer-logs',
    {
      schema: {
        summary: 'The transfer logs and surveys imported onto the plate, in import order',
        tags,
        params,
        response: { 200: runFilesSchema },
      },
    },
    async (request) => {
      const experiment = await ownedExperiment(experiments, request);
      return { files: await logs.list(experiment.id) };
    },
  );

  r.delete(
    '/:id/transfer-logs/:fileId',
    {
      schema: {
        summary: 'Delete an imported transfer log or survey',
        tags,
        params: fileParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const experiment = await ownedExperiment(experiments, request);
      if (!(await logs.remove(experiment.id, request.params.fileId))) {
        throw new HttpError(404, LOG_NOT_FOUND);
      }
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/:id/reconciliation',
    {
      schema: {
        summary:
          'The plan reconciled with the imported logs: per well actual concentrations and status, failed transfers, unmatched rows, source volumes',
        tags,
        params,
        response: { 200: reconciliationSchema },
      },
    },
    async (request) => {
      const experiment = await ownedExperiment(experiments, request);
      const { files, rec } = await plateRun(plates, logs, userOf(request).id, experiment);
      return reconciliationAnswer(files, rec);
    },
  );

  r.get(
    '/:id/export/repick',
    {
      schema: {
        summary:
          'Re-pick picklist: exactly the failed and short transfers, in the picklist columns (experiment_{id}_repick.csv)',
        tags,
        params,
        produces: ['text/csv'],
        response: { 200: fileAnswer(CSV_TYPE) },
      },
    },
    async (request, reply) => {
      const experiment = await ownedExperiment(experiments, request);
      const { plan, run, rec } = await plateRun(plates, logs, userOf(request).id, experiment);
      const repick = repickOf(run, rec);
      reply.header('x-repick-impossible', String(repick.impossible.length));
      const cells = picklistCells(repickPlan(plan, repick));
      // read by the instrument: no BOM
      const body = csvText(cells, false);
      return download(reply, CSV_DOWNLOAD_TYPE, `experiment_${experiment.id}_repick.csv`, body);
    },
  );

  r.get(
    '/:id/export/actual',
    {
      schema: {
        summary:
          'Planned and actual concentrations side by side, per well and reagent (experiment_{id}_actual.csv)',
        tags,
        params,
        produces: ['text/csv'],
        response: { 200: fileAnswer(CSV_TYPE) },
      },
    },
    async (request, reply) => {
      const experiment = await ownedExperiment(experiments, request);
      const { actual, rec } = await plateRun(plates, logs, userOf(request).id, experiment);
      if (actual === null) {
        throw new HttpError(
          404,
          'No transfer log has been imported onto this plate: import one to see what was dispensed.',
        );
      }
      const body = csvText(actualCells(rec), true);
      return download(reply, CSV_DOWNLOAD_TYPE, `experiment_${experiment.id}_actual.csv`, body);
    },
  );
}
