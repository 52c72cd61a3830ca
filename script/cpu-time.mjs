// CPU time for script/test.mjs's --times report.
import fs from "node:fs";

/**
 * CPU seconds (user + system) this process's children have used, those that have ended (Linux's
 * /proc/self/stat; elsewhere 0).
 */
export function childrenCpu() {
  try {
    // The fields after the command's closing parenthesis; cutime and cstime are the 14th and 15th
    // of them, in clock ticks (100 a second).
    const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds this process and its ended children have used. */
export function cpu() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6 + childrenCpu();
}
