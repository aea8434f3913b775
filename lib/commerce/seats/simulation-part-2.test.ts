import { simulationTest } from "@/test/seat-simulation";

// @reads-clock: its world starts at the machine's hour (CI runs it under the other clocks too).
// The money simulation's second half, with its own seed (test/seat-simulation.ts): Jest's second
// worker runs it beside the first half in simulation.test.ts.
simulationTest(2);
