import { config } from "zod/mini";
import { en } from "zod/locales";

// Our CSP has no 'unsafe-eval': zod's compiled fast path probes `new Function`, which the
// browser reports as a CSP violation even though zod catches it. Jitless skips the probe.
// The config is global to zod's core, so this is the same setting lib/platform/zod.ts makes.
config({ jitless: true });

// zod/mini registers no locale (classic zod registers English when its first schema is built):
// without one, every default message would read "Invalid input". English keeps the default
// messages (type errors, unlabelled bounds) the same as classic's, in the browser and on the server.
if (!config().localeError) config(en());

/**
 * zod/mini, configured for this app: the schemas that reach the browser (the demo request and
 * account forms) import it from here as `import * as z from "@/lib/platform/zod-mini"`, so `z.string()`
 * reads as in classic zod. Import the namespace, not `{ z }`: Turbopack keeps everything behind
 * zod's own `z` namespace object (all of core, JSON Schema, every locale: about 100 KB gzipped,
 * as much as classic zod), while `export *` plus a namespace import lets it drop the parts no
 * schema uses (about 25 KB gzipped of zod on the form pages).
 */
export * from "zod/mini";
