/**
 * The files of a hand-in form, read for the domain: an empty file input is sent as a nameless empty
 * file, which means no file chosen (a text-only hand-in), not an empty file.
 */
export function handedInFiles(formData: FormData): Promise<Array<{ name: string; bytes: Uint8Array }>> {
  return Promise.all(
    formData
      .getAll("files")
      .filter((value): value is File => typeof value !== "string" && !(value.size === 0 && value.name === ""))
      .map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })),
  );
}
