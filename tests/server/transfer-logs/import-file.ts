// A file imported onto an experiment as the designer sends it: multipart, field "file".
import type { FastifyInstance } from 'fastify';

export function importFile(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: number,
  filename: string,
  text: string,
) {
  const boundary = '----transferlog' + Math.random().toString(16).slice(2);
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    `Content-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`;
  return app.inject({
    method: 'POST',
    url: `/api/experiments/${id}/transfer-logs`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}
