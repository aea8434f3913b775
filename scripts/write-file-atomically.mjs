import fs from "node:fs";

/**
 * Replaces `file` with `data` under a temporary name and a rename, so a server reading the file
 * meanwhile sees the old bytes or the new ones, never half of either.
 */
export function writeFileAtomically(file, data) {
  fs.writeFileSync(`${file}.tmp`, data);
  fs.renameSync(`${file}.tmp`, file);
}
