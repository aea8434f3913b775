import { config } from "zod";

// Our CSP has no 'unsafe-eval': zod's compiled fast path probes `new Function`, which the
// browser reports as a CSP violation even though zod catches it. Jitless skips the probe.
config({ jitless: true });

/**
 * zod, configured for this app; schemas import it from here. Re-exported with `export ... from`
 * (not a local binding), so the bundler still drops the parts of zod no schema uses: a local
 * `z` that escapes as a value keeps all of zod (about 60 KB more in the form pages).
 */
export { z } from "zod";
