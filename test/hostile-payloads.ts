import fc from "fast-check";

/**
 * Generators of hostile request bodies for the property tests of the public POST endpoints
 * (issue 6): wrong types, huge strings, unicode (lone surrogates and NUL included), nested and
 * deep objects, missing fields, prototype-pollution keys, and bodies that are not JSON at all.
 * Each generated case is the raw text sent, so keys such as "__proto__" reach the server as own keys.
 */

const POLLUTION_KEYS = ["__proto__", "constructor", "prototype", "__defineGetter__", "toString", "valueOf", "hasOwnProperty"];

const knownStrings = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff x",
  "\u202eevil",
  "😀".repeat(30),
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "${jndi:ldap://x}",
  "../../etc/passwd",
  "__proto__",
  "parent@example.com",
  "a@b.co",
  "not-sure",
  "1",
  "Group Classes",
  "/book-free-demo/5",
  "+1 555 0100",
  "NaN",
  "-1",
  "1e309",
);

/** Up to ~48 KB: past the 16 KB body limit, so both sides of it are exercised. */
const hugeString = fc
  .tuple(fc.integer({ min: 200, max: 24_000 }), fc.constantFrom("x", "é", "😀", "\u0000", " "))
  .map(([n, unit]) => unit.repeat(n));

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 3, arbitrary: knownStrings },
  { weight: 1, arbitrary: hugeString },
);

const deepObject = fc.integer({ min: 1, max: 80 }).map((depth) => {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
});

/** Any value a JSON field could hold, most of them of the wrong type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, 0, -0, 13, 5, 2 ** 53, 1.5) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepObject },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...POLLUTION_KEYS), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) },
);

/**
 * A JSON object over the endpoint's fields (each present or missing, valid or hostile) plus
 * extra keys, pollution keys among them; serialised by hand so "__proto__" stays an own key.
 */
export function hostileObject(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string> {
  const entry = (name: string, valid: fc.Arbitrary<unknown>) =>
    fc.oneof(
      { weight: 3, arbitrary: valid.map((value) => [name, value] as const) },
      { weight: 2, arbitrary: hostileValue.map((value) => [name, value] as const) },
      { weight: 1, arbitrary: fc.constant(null) },
    );
  const extra = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...POLLUTION_KEYS), fc.string({ maxLength: 12 })), hostileValue), {
    maxLength: 3,
  });
  return fc.tuple(fc.tuple(...Object.entries(fields).map(([name, valid]) => entry(name, valid))), extra).map(([entries, extras]) => {
    const pairs = [...entries.filter((e) => e !== null), ...extras].map(
      ([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"}`,
    );
    return `{${pairs.join(",")}}`;
  });
}

/** Bodies that are not an object: other JSON, broken JSON, not JSON, nothing. */
export const hostileRawBody: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? "null"),
  fc.string({ maxLength: 80 }),
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.constantFrom(
    "",
    " ",
    "{",
    '{"a":',
    "[",
    "null",
    "undefined",
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    "\u0000",
  ),
  hugeString.map((s) => JSON.stringify({ blob: s })),
);

/** Header values a fetch client can send (printable ASCII), hostile in content only. */
export const hostileHeaderValue = fc.oneof(
  fc.string({ unit: "binary-ascii", maxLength: 140 }).filter((s) => /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(s)),
  fc.stringMatching(/^[A-Za-z0-9._:-]{8,40}$/),
  fc.constantFrom("aaaaaaaa", "bbbbbbbb", "same-key-1"),
);

/** True when nothing has been added to Object.prototype (prototype pollution). */
export function isPrototypeClean(): boolean {
  const probe: Record<string, unknown> = {};
  return probe.polluted === undefined && probe.isAdmin === undefined && Object.keys(Object.prototype).length === 0;
}
