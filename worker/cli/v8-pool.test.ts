// V8's helper threads sized to the machine (scripts/v8-pool.mjs): the size chosen for each machine,
// a process that restarts itself with it (same pid, same arguments), a choice made by whoever
// started the process standing, and children on an IPC channel sized on their command line.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { promisify } from "node:util";
import { NODE_DEFAULT_V8_POOL, poolChosen, v8PoolSize } from "../../scripts/v8-pool.mjs";
import { childEntryArgs } from "../../lib/child-entry";

const run = promisify(execFile);
const POOL_MODULE = path.resolve(import.meta.dirname, "../../scripts/v8-pool.mjs");

test("one helper fewer than the cores, at least one, at most Node's four", () => {
  assert.equal(NODE_DEFAULT_V8_POOL, 4);
  assert.deepEqual(
    [1, 2, 3, 4, 5, 8, 64].map((cores) => v8PoolSize(cores)),
    [1, 1, 2, 3, 4, 4, 4],
  );
});

test("a pool size on the command line or in NODE_OPTIONS counts as chosen", () => {
  assert.equal(poolChosen([], ""), false);
  assert.equal(poolChosen(["--max-old-space-size=256"], "--inspect"), false);
  assert.equal(poolChosen(["--v8-pool-size=2"], ""), true);
  assert.equal(poolChosen([], "--max-old-space-size=256 --v8-pool-size=3"), true);
});

/** Runs a script that restarts itself with the machine's pool and prints what it ran with. */
async function restarted(
  nodeArgs: string[],
  env: Record<string, string> = {},
): Promise<{ pid: number; execArgv: string[]; argv: string[]; pidBefore: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "v8-pool-"));
  const script = path.join(dir, "probe.mjs");
  const pidFile = path.join(dir, "pid-before");
  fs.writeFileSync(
    script,
    [
      `import fs from "node:fs";`,
      `import { restartWithMachinePool } from ${JSON.stringify(POOL_MODULE)};`,
      // The pid before any restart, written once (a restarted process finds the file there).
      `if (!fs.existsSync(${JSON.stringify(pidFile)})) fs.writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));`,
      `restartWithMachinePool();`,
      `console.log(JSON.stringify({ pid: process.pid, execArgv: process.execArgv, argv: process.argv.slice(2) }));`,
    ].join("\n"),
  );
  try {
    const { stdout } = await run(process.execPath, [...nodeArgs, script, "one", "two words"], {
      env: { ...process.env, NODE_OPTIONS: "", ...env },
    });
    return { ...JSON.parse(stdout), pidBefore: Number(fs.readFileSync(pidFile, "utf8")) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test(
  "a process restarts itself with the machine's pool, same pid and arguments; a chosen pool stands",
  { skip: typeof process.execve !== "function" && "no process.execve in this Node" },
  async () => {
    const size = v8PoolSize();
    const plain = await restarted(["--max-old-space-size=300"]);
    assert.deepEqual(plain.argv, ["one", "two words"]);
    assert.equal(plain.pid, plain.pidBefore, "replaced in place, not a child");
    if (size === NODE_DEFAULT_V8_POOL) {
      assert.deepEqual(plain.execArgv, ["--max-old-space-size=300"], "a machine of five cores or more keeps Node's pool");
    } else {
      assert.deepEqual(plain.execArgv, [`--v8-pool-size=${size}`, "--max-old-space-size=300"]);
    }
    const chosen = await restarted(["--v8-pool-size=3"]);
    assert.deepEqual(chosen.execArgv, ["--v8-pool-size=3"]);
    const fromEnv = await restarted([], { NODE_OPTIONS: "--v8-pool-size=2" });
    assert.deepEqual(fromEnv.execArgv, []);
  },
);

test("a child with an IPC channel to its parent is not restarted (the channel would not survive); it gets the size on its command line", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "v8-pool-ipc-"));
  const script = path.join(dir, "probe.mjs");
  fs.writeFileSync(
    script,
    [
      `import { restartWithMachinePool } from ${JSON.stringify(POOL_MODULE)};`,
      `restartWithMachinePool();`,
      `process.send({ pid: process.pid, execArgv: process.execArgv }, () => process.disconnect());`,
    ].join("\n"),
  );
  try {
    const child = spawn(process.execPath, [script], {
      stdio: ["ignore", "ignore", "inherit", "ipc"],
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    const [message] = (await once(child, "message")) as [{ pid: number; execArgv: string[] }];
    assert.deepEqual(message, { pid: child.pid, execArgv: [] });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const args = childEntryArgs("/srv/app", "pipeline-child", ["--max-old-space-size=512"]);
  const size = v8PoolSize();
  assert.deepEqual(args, [
    ...(size === NODE_DEFAULT_V8_POOL ? [] : [`--v8-pool-size=${size}`]),
    "--max-old-space-size=512",
    path.join("/srv/app", "scripts", "run-entry.mjs"),
    "pipeline-child",
  ]);
});
