/**
 * The options of a library import sent as a multipart form (the file in the field "file"):
 * each option a text field, the column mapping and the plate types per barcode as JSON text.
 * Read into the same options the JSON body takes, checked by the same schema.
 */
import { libraryImportSchema } from './schemas';

/** The form's text fields, at most this many characters each. */
export const LIBRARY_FORM_FIELDS = [
  'name',
  'default_plate_type',
  'default_unit',
  'keep_good_lines',
  'mapping',
  'plate_types',
] as const;

export const libraryFormSchema = libraryImportSchema.omit({ file_base64: true });

/** The options of the form's fields; a message when a JSON field does not read. */
export function libraryFormOptions(
  fields: Readonly<Record<string, string>>,
  fileName: string,
): { ok: true; options: unknown } | { ok: false; message: string } {
  const options: Record<string, unknown> = { name: fields.name?.trim() || fileName };
  for (const key of ['default_plate_type', 'default_unit'] as const) {
    if (fields[key] !== undefined && fields[key] !== '') options[key] = fields[key];
  }
  if (fields.keep_good_lines !== undefined)
    options.keep_good_lines = ['true', 'on', '1', 'yes'].includes(fields.keep_good_lines);
  for (const key of ['mapping', 'plate_types'] as const) {
    const text = fields[key];
    if (text === undefined || text.trim() === '') continue;
    try {
      options[key] = JSON.parse(text) as unknown;
    } catch {
      return { ok: false, message: `${key}: not JSON; send an object such as {"well": "Pos"}` };
    }
  }
  return { ok: true, options };
}
