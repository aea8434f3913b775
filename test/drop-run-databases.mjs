// `node test/drop-run-databases.mjs <server url> <owner pid>`: drops a finished Jest run's test
// databases (test/templates.mjs dropRunDatabases). Started detached by the global teardown, so the
// next step of a CI run does not wait for the drops' checkpoints; a drop that does not happen here
// is an orphan the next run's setup drops.
import { dropRunDatabases } from "./templates.mjs";

const [serverUrl, owner] = process.argv.slice(2);
await dropRunDatabases(serverUrl, Number(owner));
