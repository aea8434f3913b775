import { isMailboxOpen, type MailboxAccessConfig } from "./mailbox-access";

/** `npm start` with its embedded mail server: what scripts/start.mjs and scripts/server.mjs set. */
const embedded: MailboxAccessConfig = {
  mailboxDir: "/tmp/mail",
  smtpUrl: "smtp://127.0.0.1:40123",
  isPeerRecorded: true,
  listenHost: "127.0.0.1",
};

const request = (headers: Record<string, string>) => new Headers({ host: "localhost:3000", "x-peer-address": "127.0.0.1", ...headers });

describe("the mailbox page's guard: the embedded mail server, and a request from this machine only", () => {
  it("opens for a browser on this machine talking to the embedded default", () => {
    expect(isMailboxOpen(request({}), embedded)).toBe(true);
    expect(isMailboxOpen(request({ host: "127.0.0.1:3600", "x-peer-address": "::ffff:127.0.0.1" }), embedded)).toBe(true);
    expect(isMailboxOpen(request({ host: "[::1]:3000", "x-peer-address": "::1" }), embedded)).toBe(true);
    // Next's own X-Forwarded-For names the same loopback peer.
    expect(isMailboxOpen(request({ "x-forwarded-for": "127.0.0.1" }), embedded)).toBe(true);
  });

  it("does not exist on a deployment: no embedded mail server, or a real SMTP server", () => {
    expect(isMailboxOpen(request({}), { ...embedded, mailboxDir: undefined })).toBe(false);
    expect(isMailboxOpen(request({}), { ...embedded, smtpUrl: undefined })).toBe(false);
    expect(isMailboxOpen(request({}), { ...embedded, smtpUrl: "smtps://user:pw@smtp.example.com:465" })).toBe(false);
  });

  it("refuses a visitor from another machine, whatever Host it claims", () => {
    expect(isMailboxOpen(request({ "x-peer-address": "203.0.113.7" }), embedded)).toBe(false);
    expect(isMailboxOpen(request({ "x-peer-address": "" }), embedded)).toBe(false);
  });

  it("refuses a page on another name reaching this machine (DNS rebinding, a public host name)", () => {
    expect(isMailboxOpen(request({ host: "attacker.example:3000" }), embedded)).toBe(false);
    expect(isMailboxOpen(request({ host: "localhost.attacker.example" }), embedded)).toBe(false);
    expect(isMailboxOpen(new Headers({ "x-peer-address": "127.0.0.1" }), embedded)).toBe(false);
  });

  it("refuses a visitor forwarded by a proxy on this machine", () => {
    expect(isMailboxOpen(request({ "x-forwarded-for": "198.51.100.4, 127.0.0.1" }), embedded)).toBe(false);
    expect(isMailboxOpen(request({ "x-real-ip": "198.51.100.4" }), embedded)).toBe(false);
    expect(isMailboxOpen(request({ forwarded: 'for="[2001:db8::1]";proto=https' }), embedded)).toBe(false);
  });

  it("without a recorded peer (next dev) opens only when the app listens on loopback alone", () => {
    const dev = { ...embedded, isPeerRecorded: false };
    expect(isMailboxOpen(new Headers({ host: "localhost:3000" }), dev)).toBe(true);
    expect(isMailboxOpen(new Headers({ host: "localhost:3000" }), { ...dev, listenHost: "0.0.0.0" })).toBe(false);
    expect(isMailboxOpen(new Headers({ host: "localhost:3000" }), { ...dev, listenHost: undefined })).toBe(false);
  });
});
