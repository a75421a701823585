// The runs the page test draws: real dml-conform runs of generated case files, each fault made for real
// (wrong expected values in stripes, a worker killed by SIGSEGV and one that hangs, through
// tests/e2e/fault_shim.cpp), then `html`, `run --html`, `merge --html` and `compare --html` pages of them.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// A DIAGONAL_MATRIX case whose expected output is wrong wherever `wrong(row, col)` says: the actual
// output is the identity, so those elements differ and no other does.
export function diagonalCase(name, sizes, wrong) {
  const [rows, cols] = sizes.slice(-2);
  const slices = sizes.slice(0, -2).reduce((a, b) => a * b, 1);
  const expected = [];
  for (let s = 0; s < slices; ++s) {
    for (let r = 0; r < rows; ++r) {
      for (let c = 0; c < cols; ++c) expected.push(wrong(r, c) ? 5 : r === c ? 1 : 0);
    }
  }
  return { name, operator: { type: "DIAGONAL_MATRIX", desc: { OutputTensor: { DataType: "FLOAT32", Sizes: sizes }, Offset: 0, Value: 1 } },
           expected: { OutputTensor: expected } };
}

// A JOIN of one INT32 input read from `file`: the fault shim crashes or hangs the worker opening it.
function joinFromFile(name, file) {
  return { name, operator: { type: "JOIN", desc: { InputTensors: [{ DataType: "INT32", Sizes: [1, 2] }],
                                                   OutputTensor: { DataType: "INT32", Sizes: [1, 2] }, Axis: 1 } },
           inputs: { InputTensors: [{ sourcePath: file }] }, expected: { OutputTensor: [7, 9] } };
}

export const HOSTILE_NAMES = [
  "<!--", "<script>window.__pwned = 1</script>", "a</script><script>window.__pwned = 2</script>",
  "line\u2028and\u2029paragraph", "amp &amp; <b>bold</b> & ]]>", "x".repeat(5000),
];

function writeCases(file, cases) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ cases }));
}

export class Fixtures {
  constructor(tool, shim, dir) {
    this.tool = tool;
    this.shim = shim;
    this.dir = dir;
  }

  // Runs dml-conform; fails the test with its output when the exit code is not one of `codes`.
  conform(args, codes = [0, 1], env = {}) {
    const r = spawnSync(this.tool, args, { cwd: this.dir, env: { ...process.env, ...env }, encoding: "utf8",
                                           maxBuffer: 1 << 28 });
    if (!codes.includes(r.status)) {
      throw new Error(`dml-conform ${args.join(" ")}: exit ${r.status} ${r.signal || ""}\n${r.stdout}\n${r.stderr}`);
    }
    return r;
  }

  file(name) { return path.join(this.dir, name); }
  report(name) { return JSON.parse(fs.readFileSync(this.file(name), "utf8")); }

  // The main run: stripes at full resolution, stripes downsampled over slices, a pass, a crash, a timeout.
  makeRun() {
    writeCases(this.file("run/diagonal.json"), [
      diagonalCase("striped", [1, 1, 16, 24], (r, c) => c % 2 === 1),
      diagonalCase("wide_stripes", [1, 3, 200, 300], (r, c) => Math.floor(c / 16) % 2 === 1),
      diagonalCase("right", [1, 1, 4, 4], () => false),
    ]);
    fs.writeFileSync(this.file("run/crash.bin"), Buffer.from([7, 0, 0, 0, 9, 0, 0, 0]));
    fs.writeFileSync(this.file("run/hang.bin"), Buffer.from([7, 0, 0, 0, 9, 0, 0, 0]));
    writeCases(this.file("run/faults.json"), [joinFromFile("crashes", "crash.bin"), joinFromFile("hangs", "hang.bin")]);
    const faults = this.shim ? { LD_PRELOAD: this.shim, DMLC_CRASH_ON_OPEN: "crash.bin", DMLC_HANG_ON_OPEN: "hang.bin" } : {};
    this.conform(["run", "run", "--timeout", "3", "-j", "2", "-q", "--report", "run.json"], [1], faults);
    this.conform(["html", "run.json", "-o", "run.html"], [0]);
    // The same run with the failures it had as its baseline: expected-fail, from `run --html`.
    this.conform(["run", "run", "--timeout", "3", "-j", "2", "-q", "--baseline", "run.json", "--report", "baseline.json",
                  "--html", "baseline.html"], [0, 1], faults);
  }

  // Two shards of the main run's folder merged, the page from `merge --html`.
  makeMerge() {
    const filter = ["--filter", "diagonal/*"];
    for (const k of [1, 2]) this.conform(["run", "run", ...filter, "--shard", `${k}/2`, "-q", "--report", `shard${k}.json`]);
    this.conform(["merge", "shard1.json", "shard2.json", "--report", "merged.json", "--html", "merged.html", "-q"]);
  }

  // Two runs of the same ids: what failed before passes now and the other way round, one case added and
  // one gone; the page from `compare --html`.
  makeComparison() {
    writeCases(this.file("base/cases.json"), [
      diagonalCase("was_wrong", [1, 1, 4, 4], (r, c) => r === 0),
      diagonalCase("breaks", [1, 1, 4, 4], () => false),
      diagonalCase("stays", [1, 1, 4, 4], () => false),
      diagonalCase("goes", [1, 1, 4, 4], () => false),
    ]);
    writeCases(this.file("new/cases.json"), [
      diagonalCase("was_wrong", [1, 1, 4, 4], () => false),
      diagonalCase("breaks", [1, 1, 4, 4], (r, c) => r === c),
      diagonalCase("stays", [1, 1, 4, 4], () => false),
      diagonalCase("arrives", [1, 1, 4, 4], () => false),
    ]);
    this.conform(["run", "base", "-q", "--report", "base.json"]);
    this.conform(["run", "new", "-q", "--report", "new.json"]);
    this.conform(["compare", "base.json", "new.json", "--html", "compare.html"], [1]);
  }

  // Case names that would end or open markup if the page's embedded data were not escaped (issue 47:
  // `<!--` and a later `<script` once blanked the page), failing and passing, and a long one.
  makeHostile() {
    writeCases(this.file("hostile/cases.json"), HOSTILE_NAMES.map((name, i) => diagonalCase(name, [1, 1, 2, 2],
                                                                                      (r, c) => i % 2 === 0 && r !== c)));
    this.conform(["run", "hostile", "-q", "--report", "hostile.json", "--html", "hostile.html"], [1]);
  }

  // A large run: `fuzz` generates 10,000 cases and runs them in this process.
  makeLarge(count) {
    this.conform(["fuzz", "--count", String(count), "--max-elements", "64", "--isolation", "none", "--max-shrinks", "0",
                  "-q", "--report", "large.json", "--html", "large.html"]);
  }
}
