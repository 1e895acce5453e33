// A serialized plate answer (the full state or the compact form) of one computed plate: the
// UTF-8 bytes and, once asked for, their gzip, both then sent as they are, not encoded per
// request.
import { promisify } from 'node:util';
import { gzip, constants } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** One serialized plate state, with its gzip made on first use (off the event loop). */
export class PlateAnswer {
  private gzipped: Promise<Buffer> | null = null;

  constructor(
    readonly version: number,
    /** the PlateState as UTF-8 JSON */
    readonly body: Buffer,
  ) {}

  /** The PlateState as JSON text. */
  get json(): string {
    return this.body.toString('utf8');
  }

  /** The body gzipped (fast level: it is made once per version and bench). */
  gzip(): Promise<Buffer> {
    this.gzipped ??= gzipAsync(this.body, { level: constants.Z_BEST_SPEED });
    return this.gzipped;
  }
}
