// CPU time of processes, read from Linux's /proc (elsewhere every reading is null): the load
// bench's checkout reports the CPU the app's processes and PostgreSQL's spent per checkout, a
// figure that moves far less with other work on the machine than latency does.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

let ticksPerSecond;
function clockTicks() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Each process's /proc/<pid>/stat fields after the command name: [state, ppid, pgrp, ...]. */
function statFields(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

function allPids() {
  try {
    return fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
}

/**
 * Milliseconds of CPU (user + system, threads included) the matching processes have used so far,
 * with that of their children that have ended: a PostgreSQL backend that exits meanwhile (a pool
 * closing an idle connection) moves its time to the postmaster's, instead of out of the sum.
 */
function cpuMsOf(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const fields = statFields(pid);
    // utime, stime, cutime and cstime are fields 14-17 of stat, 12-15 after the command name.
    if (fields) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return (ticks * 1000) / clockTicks();
}

/** The processes of a process group (a server started detached leads its own: it and its children). */
const groupPids = (pgid) => allPids().filter((pid) => statFields(pid)?.[2] === String(pgid));
const postgresPids = () =>
  allPids().filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres";
    } catch {
      return false;
    }
  });

/**
 * Starts counting CPU for the app's process group and for PostgreSQL's processes on this machine;
 * the returned function gives the milliseconds each spent since, or null where /proc is missing.
 */
export function startCpuCount(appGroup) {
  if (!fs.existsSync("/proc/self/stat")) return () => null;
  const before = { app: appGroup ? cpuMsOf(groupPids(appGroup)) : 0, postgres: cpuMsOf(postgresPids()) };
  // Listed again at the end: a process started meanwhile (a new pool connection's backend) counts
  // whole; one that ended is in its parent's children's time (cpuMsOf).
  return () => ({
    appMs: appGroup ? cpuMsOf(groupPids(appGroup)) - before.app : null,
    postgresMs: cpuMsOf(postgresPids()) - before.postgres,
  });
}

/**
 * Starts counting the whole machine's CPU (/proc/stat, every core); the returned function gives
 * the share of it that was busy since (0..1), or null where /proc is missing: whether a run had
 * cores to spare at all.
 */
export function startMachineCpu() {
  const read = () => {
    try {
      const [, ...fields] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
      // user nice system idle iowait irq softirq steal: idle and iowait are the unused time.
      const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
      return { total, idle: fields[3] + fields[4] };
    } catch {
      return null;
    }
  };
  const before = read();
  return () => {
    const after = read();
    if (!before || !after || after.total === before.total) return null;
    return 1 - (after.idle - before.idle) / (after.total - before.total);
  };
}

/** CPU milliseconds the given processes have used so far (for processes found once and read twice). */
export const processesCpuMs = (pids) => cpuMsOf(pids);
