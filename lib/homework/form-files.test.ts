import { execFileSync } from "node:child_process";
import path from "node:path";

import { handedInFiles } from "./form-files";

/**
 * Issue 44 review: a text-only hand-in sent with its file input left unchosen is no file, in the
 * shape the server action really receives it. The shapes come from decoding a browser's multipart
 * body as Next does (test/server-action-decode.cjs, under the react-server condition React needs).
 */
interface Shape {
  name: string;
  type: string;
  size: number;
}

function decodedShapes(): { mpa: Shape[]; fetch: Shape[] } {
  const script = path.join(process.cwd(), "test", "server-action-decode.cjs");
  return JSON.parse(execFileSync(process.execPath, ["--conditions=react-server", script], { encoding: "utf8", timeout: 20_000 }));
}

const formWith = (files: File[]) => {
  const form = new FormData();
  form.append("text", "My answer, no file");
  for (const file of files) form.append("files", file);
  return form;
};

describe("an unchosen file input, as the server action decodes it", () => {
  const shapes = decodedShapes();

  it("is an empty octet-stream file named '' without JavaScript and 'undefined' through the action's encoding", () => {
    expect(shapes.mpa).toEqual([{ name: "", type: "application/octet-stream", size: 0 }]);
    expect(shapes.fetch).toEqual([{ name: "undefined", type: "application/octet-stream", size: 0 }]);
  });

  it.each(["mpa", "fetch"] as const)("is no file for the hand-in (%s)", async (path) => {
    const files = shapes[path].map((shape) => new File([], shape.name, { type: shape.type }));
    expect(await handedInFiles(formWith(files))).toEqual([]);
  });

  it("a file that was chosen stays, an empty one too (the domain refuses it as empty)", async () => {
    const chosen = new File(["print('hi')"], "answer.py", { type: "text/x-python" });
    const empty = new File([], "notes.txt", { type: "text/plain" });
    const unchosen = new File([], "undefined", { type: "application/octet-stream" });
    const read = await handedInFiles(formWith([chosen, unchosen, empty]));
    expect(read.map((file) => [file.name, file.bytes.length])).toEqual([
      ["answer.py", 11],
      ["notes.txt", 0],
    ]);
  });
});
