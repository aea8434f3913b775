import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

export function ownAddress(address: AddressInfo | string | null): { host: string; port: number };
export function requestOwn(server: Server, path: string): Promise<number>;
export function announceReadyAfterStartUp(
  server: Server,
  options: { path: string; readyLine: string; log?: (line: string) => void; warn?: (line: string) => void },
): Promise<boolean>;
