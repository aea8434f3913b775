export default async function globalTeardown() {
  await globalThis.__authEmulator?.stop();
}
