// A file upload as the browser sends it: a multipart/form-data body with one file part, in
// the field "file" unless told otherwise.
import type { FastifyInstance } from 'fastify';

const BOUNDARY = '----plate-test-boundary';

/** A multipart/form-data body with one file part (by default notes.txt, text/plain). */
export function multipart(
  content: Buffer | string,
  options: { field?: string; filename?: string; type?: string } = {},
) {
  const head =
    `--${BOUNDARY}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'notes.txt'}"\r\n` +
    `Content-Type: ${options.type ?? 'text/plain'}\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(head),
      Buffer.from(content),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

export type FileBody = ReturnType<typeof multipart>;

/** POSTs a file body to `url` with the caller's headers. */
export function postFile(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  file: FileBody,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...file.headers },
    payload: file.payload,
  });
}
