/**
 * How Next's server actions decode a hand-in form, for lib/homework/form-files.test.ts: run with
 * `node --conditions=react-server` (React's server half needs it), it takes the multipart body a
 * browser sends for a form whose file input was left unchosen and decodes it the two ways Next 16
 * does (next/dist/server/app-render/action-handler.js), printing each file entry's name, type and
 * size as JSON:
 *  - "mpa": no JavaScript: the body is read by the runtime's Request#formData, then React's
 *    decodeAction copies the entries into the FormData the action gets (FormData#append);
 *  - "fetch": with JavaScript, the form's FormData goes through React's encodeReply, the body
 *    through busboy and React's decodeReplyFromBusboy, as Next does for a fetch action.
 */
const { Readable } = require("node:stream");
const { pipeline } = require("node:stream/promises");

const busboy = require("next/dist/compiled/busboy");
const client = require("next/dist/compiled/react-server-dom-webpack/cjs/react-server-dom-webpack-client.node.production.js");
const server = require("next/dist/compiled/react-server-dom-webpack/cjs/react-server-dom-webpack-server.node.production.js");

const files = (formData) =>
  [...formData.entries()]
    .filter(([key, value]) => key === "files" && typeof value !== "string")
    .map(([, file]) => ({ name: file.name, type: file.type, size: file.size }));

async function main() {
  // What Chromium and Firefox send for <input type="file" name="files"> with nothing chosen.
  const boundary = "----WebKitFormBoundary41eUnchosen";
  const body = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="text"',
    "",
    "My answer, no file",
    `--${boundary}`,
    'Content-Disposition: form-data; name="files"; filename=""',
    "Content-Type: application/octet-stream",
    "",
    "",
    `--${boundary}--`,
    "",
  ].join("\r\n");
  const contentType = `multipart/form-data; boundary=${boundary}`;

  const parsed = await new Request("http://localhost/", { method: "POST", headers: { "Content-Type": contentType }, body }).formData();
  const mpa = new FormData();
  parsed.forEach((value, key) => mpa.append(key, value));

  // The form's FormData as the browser builds it (the unchosen input is an empty, nameless file), encoded by React.
  const form = new FormData();
  for (const [key, value] of parsed) form.append(key, value);
  const reply = await client.encodeReply([form]);
  const request = new Request("http://localhost/", { method: "POST", body: reply });
  const parser = busboy({ headers: { "content-type": request.headers.get("content-type") }, defParamCharset: "utf8" });
  const [, args] = await Promise.all([
    pipeline(Readable.from([Buffer.from(await request.arrayBuffer())]), parser),
    server.decodeReplyFromBusboy(parser, {}),
  ]);
  process.stdout.write(JSON.stringify({ mpa: files(mpa), fetch: files(args[0]) }));
}

main().catch((error) => {
  process.stderr.write(String(error?.stack ?? error));
  process.exit(1);
});
