// The plate hash on the server: node:crypto's SHA-256 gives the same hex as the domain's
// portable one at a small fraction of its cost on a full 1536-well plate.
import { createHash } from 'node:crypto';

/** Lower-case hex SHA-256 of a string's UTF-8 bytes (node:crypto). */
export function sha256HexNode(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
