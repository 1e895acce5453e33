// POST /api/experiments/{id}/upload (a text file, multipart field "file") and GET .../text.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { experimentParamsSchema } from '../../domain/schemas/experiment';
import { experimentTextSchema } from '../../domain/schemas/meta';
import { HttpError } from '../errors';
import type { ExperimentTextsRepository } from '../repositories/experiment-texts';
import type { ExperimentsRepository } from '../repositories/experiments';
import { ownedExperiment } from './experiment-access';

/** Largest file accepted, bytes. */
export const MAX_UPLOAD_BYTES = 1024 * 1024;
/** The multipart field the file travels in. */
export const UPLOAD_FIELD = 'file';
const MAX_FILENAME = 255;
/** Room for the multipart headers and boundaries around the file, bytes. */
const MULTIPART_OVERHEAD = 16 * 1024;

const tooLarge = () =>
  new HttpError(413, 'The file is larger than 1 MB. Upload a smaller text file.');

/** A multipart body the parser could not read (cut off, no closing boundary): a 400. */
const notMultipart = (error: Error) =>
  new HttpError(
    400,
    `The upload is not valid multipart/form-data (${error.message}). Send the file in the field "${UPLOAD_FIELD}".`,
  );

/** The media type without parameters, lower case ("text/plain; charset=utf-8" -> "text/plain"). */
export function mediaType(mimetype: string | undefined): string {
  return (mimetype ?? '').split(';')[0].trim().toLowerCase();
}

/** The bytes as text, or a 400 naming what is wrong with them. */
export function decodeUploadedText(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'The file is not UTF-8 text. Save it as UTF-8 and upload it again.');
  }
  // PostgreSQL text cannot hold NUL, and a text file has none.
  if (text.includes('\u0000')) {
    throw new HttpError(400, 'The file contains NUL characters: upload a plain text file.');
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

const tags = ['Experiments'];
const params = experimentParamsSchema;
const storedSchema = z.object({
  experiment_id: z.number().int(),
  filename: z.string(),
  size: z.number().int().describe('bytes'),
  stored: z.literal(true),
});

/** Registers the upload routes (prefix /api/experiments). */
export async function uploadRoutes(
  app: FastifyInstance,
  options: { experiments: ExperimentsRepository; texts: ExperimentTextsRepository },
): Promise<void> {
  const { experiments, texts } = options;
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireUser);

  r.post(
    '/:id/upload',
    {
      schema: {
        summary: 'Upload a text file (multipart field "file", text/plain, at most 1 MB)',
        tags,
        consumes: ['multipart/form-data'],
        params,
        // Read from the multipart stream by the handler (the parser fills no body): the
        // schema is the form's one field, for the document.
        body: z.object({
          file: z.unknown().optional().describe('The text file: text/plain, at most 1 MB'),
        }),
        response: { 200: storedSchema },
      },
      // A body announced larger than any accepted file is refused before it is read.
      onRequest: async (request) => {
        const length = Number(request.headers['content-length']);
        if (length > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
      },
    },
    async (request, reply) => {
      const experiment = await ownedExperiment(experiments, request);
      if (!request.isMultipart()) {
        throw new HttpError(
          415,
          `Send the file as multipart/form-data in the field "${UPLOAD_FIELD}".`,
        );
      }
      const part = await request.file().catch((error: Error & { statusCode?: number }) => {
        // The multipart parser's own failures (no boundary, cut-off body) carry no status.
        if (error.statusCode && error.statusCode < 500) throw error;
        throw notMultipart(error);
      });
      if (!part) {
        throw new HttpError(400, `No file was sent: add it to the field "${UPLOAD_FIELD}".`);
      }
      if (part.fieldname !== UPLOAD_FIELD) {
        part.file.resume();
        throw new HttpError(
          400,
          `The file must be sent in the field "${UPLOAD_FIELD}", not "${part.fieldname}".`,
        );
      }
      const type = mediaType(part.mimetype);
      if (type !== 'text/plain') {
        part.file.resume();
        throw new HttpError(
          415,
          `Only plain text files (text/plain) can be uploaded; this file is ${type || 'of no type'}.`,
        );
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw notMultipart(error as Error);
      }
      // The parser stops at the limit and marks the stream truncated; when the limit falls in
      // the last chunk it does not throw, so the mark is checked here: never store a cut file.
      if (part.file.truncated || bytes.length > MAX_UPLOAD_BYTES) throw tooLarge();
      const text = decodeUploadedText(bytes);
      const filename = (part.filename || 'upload.txt').slice(0, MAX_FILENAME);
      await texts.put(experiment.id, filename, text);
      return reply.status(200).send({
        experiment_id: experiment.id,
        filename,
        size: bytes.length,
        stored: true,
      });
    },
  );

  r.get(
    '/:id/text',
    {
      schema: {
        summary: 'The text of the last uploaded file',
        tags,
        params,
        response: { 200: experimentTextSchema },
      },
    },
    async (request) => {
      const experiment = await ownedExperiment(experiments, request);
      const stored = await texts.get(experiment.id);
      if (!stored) throw new HttpError(404, 'No file has been uploaded to this experiment yet');
      return { text: stored.text, filename: stored.filename };
    },
  );
}
