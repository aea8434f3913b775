// Every test file gets its own in-memory database unless it opens one itself
// (test/database.ts); nothing touches the developer's .data/.
process.env.PGLITE_DIR = "memory://";
process.env.APP_URL ??= "http://localhost:3000";
delete process.env.DATABASE_URL;
delete process.env.DEMO_FORWARD_URL;
// Route tests post many requests from one (absent) address; lib/platform/http/rate-limit.test.ts turns the limits on.
process.env.RATE_LIMITS ??= "off";
