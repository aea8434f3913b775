import "server-only";

import { fileTypeFromBuffer } from "file-type/core";

import { AppError } from "@/lib/platform/errors";

import { ACCEPTED_MEDIA_TYPES, HOMEWORK_LIMITS, type AcceptedMediaType } from "./limits";
import { HOMEWORK_MESSAGES as M } from "./messages";

export interface Upload {
  /** As the browser named it; shown, never trusted. */
  name: string;
  bytes: Uint8Array;
}

export interface CheckedUpload {
  name: string;
  bytes: Buffer;
  /** What the bytes are, by their signature (file-type), not the name or the browser's word. */
  mediaType: AcceptedMediaType;
}

const refuse = (message: string) => new AppError("invalid", message, { fieldErrors: { files: message } });

/** A name safe to show and to put in a Content-Disposition: no path, no control characters or quotes. */
function cleanName(name: string, mediaType: AcceptedMediaType): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[\u0000-\u001f\u007f"\\]/g, "")
    .trim()
    .slice(0, HOMEWORK_LIMITS.fileName);
  return clean || `file.${mediaType === "application/pdf" ? "pdf" : mediaType.slice("image/".length)}`;
}

/**
 * Checks the files of one hand-in before anything is stored: how many, how big (each and all), and
 * what each one is by its content. A text file named .png is refused like any other. Throws the
 * refusal as a field message for the form's file input.
 */
export async function checkUploads(uploads: readonly Upload[]): Promise<CheckedUpload[]> {
  const files = uploads.filter((upload) => upload.bytes.byteLength > 0 || upload.name !== "");
  if (files.length > HOMEWORK_LIMITS.files) throw refuse(M.tooManyFiles);
  let total = 0;
  for (const file of files) {
    if (file.bytes.byteLength === 0) throw refuse(M.fileEmpty);
    if (file.bytes.byteLength > HOMEWORK_LIMITS.fileBytes) throw refuse(M.fileTooLarge);
    total += file.bytes.byteLength;
  }
  if (total > HOMEWORK_LIMITS.totalBytes) throw refuse(M.filesTooLarge);
  const checked: CheckedUpload[] = [];
  for (const file of files) {
    const type = await fileTypeFromBuffer(file.bytes);
    const mediaType = ACCEPTED_MEDIA_TYPES.find((accepted) => accepted === type?.mime);
    if (!mediaType) throw refuse(M.fileTypeRefused);
    checked.push({ name: cleanName(file.name, mediaType), bytes: Buffer.from(file.bytes), mediaType });
  }
  return checked;
}
