/**
 * What an unchosen `<input type="file">` is once a server action has decoded the form: always an
 * empty file of type application/octet-stream, named as the decoding left it (seen by decoding a
 * browser's multipart body as Next 16 does, test/server-action-decode.cjs):
 *  - "" without JavaScript (the runtime's Request#formData keeps the browser's `filename=""`);
 *  - "undefined" through the fetch action's encoding (busboy reads `filename=""` as no file name,
 *    and React's decodeReplyFromBusboy makes `new File(chunks, undefined)`);
 *  - "blob" where that decoding has no File class and goes through FormData#append instead.
 * A file someone chose keeps its own name, so an empty one is still refused as empty.
 */
const UNCHOSEN_NAMES = new Set(["", "undefined", "blob"]);

export function isUnchosenFile(file: Pick<File, "name" | "size">): boolean {
  return file.size === 0 && UNCHOSEN_NAMES.has(file.name);
}

/**
 * The files of a hand-in form, read for the domain: an empty file input means no file chosen (a
 * text-only hand-in), not an empty file.
 */
export function handedInFiles(formData: FormData): Promise<Array<{ name: string; bytes: Uint8Array }>> {
  return Promise.all(
    formData
      .getAll("files")
      .filter((value): value is File => typeof value !== "string" && !isUnchosenFile(value))
      .map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })),
  );
}
