// Jest's `--filter` for scripts/test-unit.mjs: a leg runs the test files listed (absolute paths, JSON)
// in the file TEST_LEG_FILES names. A filter, not `--runTestsByPath` with 175 paths: Jest printed
// them all again in its last line ("Ran all test suites within paths …"), a page of log per leg.
const { readFileSync } = require("node:fs");

module.exports = async function legFiles(testPaths) {
  const listed = process.env.TEST_LEG_FILES;
  if (!listed) return { filtered: testPaths };
  const wanted = new Set(JSON.parse(readFileSync(listed, "utf8")));
  return { filtered: testPaths.filter((testPath) => wanted.has(testPath)) };
};
