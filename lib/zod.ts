import { z } from "zod";

// Our CSP has no 'unsafe-eval': zod's compiled fast path probes `new Function`, which the
// browser reports as a CSP violation even though zod catches it. Jitless skips the probe.
z.config({ jitless: true });

/** zod, configured for this app. Schemas import it from here. */
export { z };
