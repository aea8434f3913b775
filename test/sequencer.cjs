// Jest's order, with the long files first: on a fresh clone there are no timings from a last run, and
// Jest's default (largest file first) would start the money simulation's halves (small files that run
// for minutes) late, leaving one worker alone at the end. Known long files first, in this order,
// then Jest's own order for the rest.
const Sequencer = require("@jest/test-sequencer").default;

/** Files that run for minutes on any engine (the simulation's halves, the 2,000-request tests, the emulator's restarts). */
const LONG = [
  /lib\/commerce\/seats\/simulation(-part-2)?\.test\.ts$/,
  /scripts\/auth-emulator\.test\.ts$/,
  /app\/api\/book-free-demo\/(concurrency|hostile-input)\.test\.ts$/,
  /app\/api\/v1\/logevent\/hostile-input\.test\.ts$/,
];
const rank = (test) => {
  const index = LONG.findIndex((pattern) => pattern.test(test.path.split("\\").join("/")));
  return index === -1 ? LONG.length : index;
};

class LongFirstSequencer extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    // Array.prototype.sort is stable: the rest keep Jest's order.
    return [...ordered].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = LongFirstSequencer;
