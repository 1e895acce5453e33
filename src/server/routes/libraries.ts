// /api/libraries: compound library files imported (CSV or .xlsx, read by the plate-map
// reader under the library's own caps), stored per user, listed and searched.
import { idParamSchema } from '../../domain/schemas/experiment';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseLibraryRows } from '../../domain/campaign/library';
import {
  LIBRARY_FORM_FIELDS,
  libraryFormOptions,
  libraryFormSchema,
} from '../../domain/campaign/library-form';
import {
  CAMPAIGN_LIMITS,
  libraryDetailSchema,
  libraryImportAnswerSchema,
  libraryImportSchema,
  libraryQuerySchema,
  librarySummarySchema,
  libraryRefusedSchema,
  libraryWellSchema,
  sourceVolumeSchema,
} from '../../domain/campaign/schemas';
import { canonicalWellId } from '../../domain/well-id';
import { plateDefn } from '../../domain/plate-format';
import { sourcePlateTypeById } from '../../domain/dispensing/plate-types';
import { userOf } from '../auth/request-user';
import { setSourceWellVolume, type LibraryRepository } from '../campaigns/library-repository';
import type { Db } from '../db/connect';
import { HttpError, parseOrThrow } from '../errors';
import { PLATE_MAP_CAPS, readPlateMap } from '../imports/read-plate-map';

const tags = ['Libraries'];
const params = z.object({ libraryId: idParamSchema('Library not found') });

/** What a library file may hold: more lines than a plate map, the same guards. */
const LIBRARY_CAPS = {
  ...PLATE_MAP_CAPS,
  bytes: CAMPAIGN_LIMITS.fileBytes,
  inflatedBytes: 80_000_000,
  sheets: 4,
  rows: CAMPAIGN_LIMITS.libraryWells + 1,
  columns: 40,
  cells: CAMPAIGN_LIMITS.libraryWells * 12,
  cellChars: 400,
};

/** The multipart form, as the document shows it. */
const libraryFormDocSchema = z.object({
  file: z.unknown().optional().describe('The library file: CSV or .xlsx'),
  ...Object.fromEntries(
    LIBRARY_FORM_FIELDS.map((f) => [f, z.string().optional().describe(`the option ${f}`)]),
  ),
});

const libraryNotFound = () => new HttpError(404, 'Library not found');
const tooLarge = () =>
  new HttpError(413, 'The file is larger than 7 MB: split the library and import the parts');
/** A request's bytes at most: the file base64 (a third more than its bytes) and the fields. */
const LIBRARY_FORM_BYTES = Math.ceil((CAMPAIGN_LIMITS.fileBytes * 4) / 3) + 1_000_000;

/** The form's file and text fields, read from the multipart stream. */
async function readForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; name: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          throw new HttpError(400, `Send one file, in the field "file" (got "${part.fieldname}").`);
        }
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        file = { bytes, name: part.filename };
      } else if ((LIBRARY_FORM_FIELDS as readonly string[]).includes(part.fieldname)) {
        fields[part.fieldname] = String(part.value);
      } else {
        throw new HttpError(
          400,
          `No field "${part.fieldname}": the form takes file, ${LIBRARY_FORM_FIELDS.join(', ')}`,
        );
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new HttpError(
      400,
      `The upload is not valid multipart/form-data (${(error as Error).message}).`,
    );
  }
  if (!file) throw new HttpError(400, 'No file was sent: add it to the field "file".');
  return { fields, file };
}

/** Registers POST/GET /libraries and GET /libraries/:libraryId (prefix /api). */
export async function libraryRoutes(
  fastify: FastifyInstance,
  options: { libraries: LibraryRepository; db: Db },
): Promise<void> {
  const { libraries, db } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);

  await app.register(multipart, {
    limits: {
      fileSize: CAMPAIGN_LIMITS.fileBytes,
      files: 1,
      fields: LIBRARY_FORM_FIELDS.length,
      parts: LIBRARY_FORM_FIELDS.length + 1,
      fieldSize: 100_000,
    },
  });

  /** Reads, checks and stores a library file; the refused lines answer 422. */
  async function importFile(
    request: FastifyRequest,
    reply: FastifyReply,
    bytes: Uint8Array,
    body: z.output<typeof libraryFormSchema>,
  ) {
    const read = readPlateMap(bytes, LIBRARY_CAPS);
    if (!read.ok) throw new HttpError(400, read.message);
    const rows = read.sheets.find((s) => s.rows.length > 0)?.rows ?? [];
    const parsed = parseLibraryRows(rows, {
      mapping: body.mapping,
      plate_types: body.plate_types,
      default_plate_type: body.default_plate_type,
      default_unit: body.default_unit,
    });
    if (!parsed.ok) throw new HttpError(400, parsed.message);
    if (parsed.refused.length > 0 && !body.keep_good_lines) {
      const n = parsed.refused.length;
      return reply.status(422).send({
        detail: `${n} line${n === 1 ? ' is' : 's are'} refused, so nothing is stored: mend ${n === 1 ? 'it' : 'them'}, or import again keeping the good lines.`,
        refused_lines: parsed.refused,
      });
    }
    if (parsed.wells.length === 0) throw new HttpError(400, 'The file lists no source wells');
    const owner = userOf(request).id;
    const id = await libraries.create(owner, body.name, parsed.wells);
    const summary = (await libraries.get(owner, id))!;
    return reply.status(201).send({ ...summary, refused_lines: parsed.refused });
  }

  app.post(
    '/libraries',
    {
      schema: {
        summary:
          'Import a library file (multipart: the CSV or .xlsx in the field "file", the options as text fields; or JSON with the file base64): stored when every line reads, or when keep_good_lines says so',
        tags,
        consumes: ['multipart/form-data', 'application/json'],
        // A multipart form is read from the stream by the handler (the parser fills no
        // body: the form's schema is for the document); a JSON body carries the file base64
        // and is checked against its schema in the handler.
        body: z.union([libraryImportSchema, libraryFormDocSchema]),
        response: {
          201: libraryImportAnswerSchema,
          422: libraryRefusedSchema.describe('Lines were refused: nothing is stored'),
        },
      },
      onRequest: async (request) => {
        if (Number(request.headers['content-length']) > LIBRARY_FORM_BYTES) throw tooLarge();
      },
    },
    async (request, reply) => {
      if (request.isMultipart()) {
        const { fields, file } = await readForm(request);
        const form = libraryFormOptions(fields, file.name);
        if (!form.ok) throw new HttpError(400, form.message);
        const body = parseOrThrow(libraryFormSchema, form.options, 'form');
        return importFile(request, reply, new Uint8Array(file.bytes), body);
      }
      const body = parseOrThrow(libraryImportSchema, request.body);
      return importFile(request, reply, Buffer.from(body.file_base64, 'base64'), body);
    },
  );

  app.get(
    '/libraries',
    {
      schema: {
        summary: 'Your compound libraries, newest first',
        tags,
        response: { 200: z.object({ libraries: z.array(librarySummarySchema) }) },
      },
    },
    async (request) => ({ libraries: await libraries.list(userOf(request).id) }),
  );

  app.get(
    '/libraries/:libraryId',
    {
      schema: {
        summary: 'One library: its plates, and its wells found by compound id or name, or plate',
        tags,
        params,
        querystring: libraryQuerySchema,
        response: { 200: libraryDetailSchema },
      },
    },
    async (request) => {
      const owner = userOf(request).id;
      const id = request.params.libraryId;
      const library = await libraries.get(owner, id);
      if (!library) throw libraryNotFound();
      const wells = await libraries.wells(owner, id, request.query);
      return { library, wells: wells ?? [] };
    },
  );

  app.patch(
    '/libraries/:libraryId/wells',
    {
      schema: {
        summary: "Set a source well's current volume (a survey or a top-up), uL",
        tags,
        params,
        body: sourceVolumeSchema,
        response: { 200: libraryWellSchema },
      },
    },
    async (request) => {
      const owner = userOf(request).id;
      const id = request.params.libraryId;
      const { barcode, current_uL } = request.body;
      const [found] = (await libraries.wells(owner, id, { barcode, limit: 1 })) ?? [];
      const type = found && sourcePlateTypeById(found.plate_type);
      const well = type && canonicalWellId(request.body.well, plateDefn(type.format));
      if (!well)
        throw new HttpError(404, `No well ${barcode} ${request.body.well} in this library`);
      if (type && current_uL > type.max_uL)
        throw new HttpError(400, `current_uL: a ${type.id} well holds at most ${type.max_uL} uL`);
      const set = await setSourceWellVolume(
        db,
        owner,
        { libraryId: id, barcode, well },
        current_uL,
      );
      if (!set) throw new HttpError(404, `No well ${barcode} ${well} in this library`);
      const [row] = (await libraries.wells(owner, id, { barcode, well, limit: 1 })) ?? [];
      return row;
    },
  );
}
