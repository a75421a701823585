// Opens the runs page `dml-conform html --runs` writes (issue 48, item 3) in Debian's Chromium through
// Playwright: real runs at three revisions in two configurations, one case broken from r2 on (a
// regression) and another broken in one of two runs at r2 (a flake). Checks that the operators x runs
// matrix shows, per cell, the passed and ran counts computed here from the reports on their own; that
// the columns are grouped by configuration in time order; that the regression and the flake are listed
// with their runs linked; that a cell's link opens that run's own page, itself drawn whole; no console
// error and no request leaving the files.
// A screenshot goes to $DMLC_ARTIFACTS (default: the work folder).
// Usage: node runs_page_test.mjs DML_CONFORM
// Exit 0 pass, 1 fail, 77 skip (no Chromium or no playwright-core: run `npm ci` here).
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { launchChromiumOrSkip } from "./chromium.mjs";
import { Fixtures, diagonalCase } from "./fixtures.mjs";

const browser = await launchChromiumOrSkip();

const [tool] = process.argv.slice(2);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "dmlc-runs-"));
const artifacts = process.env.DMLC_ARTIFACTS || work;
fs.mkdirSync(artifacts, { recursive: true });
const fixtures = new Fixtures(path.resolve(tool), "", work);

// The runs, in the order they are made (one second apart, so their dates order them): report, revision,
// the diagonal cases given wrong expected values, extra options.
const RUNS = [["r1.json", "r1", [], []], ["r2.json", "r2", ["breaks"], []], ["r2b.json", "r2", ["breaks", "stays"], []],
              ["r3.json", "r3", ["breaks"], []], ["other.json", "r3", [], ["--tag", "runtime=ci-b"]]];
fs.mkdirSync(fixtures.file("reports"));
for (const [i, [report, revision, broken, extra]] of RUNS.entries()) {
  if (i) await new Promise(resolve => setTimeout(resolve, 1100));
  const dir = `cases-${i}`;
  fs.mkdirSync(fixtures.file(dir), { recursive: true });
  fs.writeFileSync(fixtures.file(`${dir}/diagonal.json`), JSON.stringify({ cases: [
    diagonalCase("breaks", [1, 1, 4, 4], (r, c) => broken.includes("breaks") && r === c),
    diagonalCase("stays", [1, 1, 4, 4], (r, c) => broken.includes("stays") && r === c),
  ] }));
  fs.writeFileSync(fixtures.file(`${dir}/join.json`), JSON.stringify({ cases: [
    { name: "ones", operator: { type: "JOIN", desc: { InputTensors: [{ DataType: "INT32", Sizes: [1, 2] }],
                                                         OutputTensor: { DataType: "INT32", Sizes: [1, 2] }, Axis: 1 } },
      inputs: { InputTensors: [[1, 1]] }, expected: { OutputTensor: [1, 1] } },
  ] }));
  fixtures.conform(["run", dir, "-q", "--revision", revision, ...extra, "--report", `reports/${report}`]);
}
fixtures.conform(["html", "--runs", "reports", "-o", "runs.html"], [0]);

// What the page must show: per operator and report file, [passed, ran].
function expectedCells() {
  const cells = {};
  for (const [report] of RUNS) {
    for (const c of fixtures.report(`reports/${report}`).cases) {
      const key = `${c.operator.split("(")[0]}|reports/${report}`;
      cells[key] ??= [0, 0];
      if (c.status !== "skip") ++cells[key][1];
      if (c.status === "pass") ++cells[key][0];
    }
  }
  return cells;
}

let failures = 0;
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
  const problems = [];
  const allowed = new Set([pathToFileURL(fixtures.file("runs.html")).href]);
  for (let i = 1; i <= RUNS.length; ++i) allowed.add(pathToFileURL(fixtures.file(`runs.runs/run-${i}.html`)).href);
  page.on("console", m => { if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on("pageerror", e => problems.push(`page error: ${e.message}`));
  page.on("request", r => { if (!allowed.has(r.url())) problems.push(`request: ${r.url()}`); });
  await page.goto(pathToFileURL(fixtures.file("runs.html")).href, { waitUntil: "load" });
  await page.waitForSelector("body[data-ready=true]", { timeout: 10000 });

  // Columns: the native configuration's four runs in time order, then the ci-b run.
  const data = await page.evaluate(() => JSON.parse(document.getElementById("dmlc-data").textContent));
  const heads = await page.$$eval("#runs-matrix th.run a", as => as.map(a => [a.textContent, Number(a.dataset.run)]));
  assert.deepEqual(heads.map(h => h[0]), ["r1", "r2", "r2", "r3", "r3"], "columns: revisions grouped by configuration, in time order");
  assert.deepEqual(heads.map(h => data.runs[h[1]].file), RUNS.map(r => `reports/${r[0]}`));
  const groups = await page.$$eval("#runs-matrix th.configuration", ths => ths.map(th => [th.title, th.colSpan]));
  assert.equal(groups.length, 2);
  assert.equal(groups[0][1], 4);
  assert.match(groups[1][0], /runtime=ci-b/);
  assert.equal(groups[1][1], 1);

  // Cells: passed/ran per operator and run, as the reports say.
  const cells = await page.$$eval("#runs-matrix tr:not(.totals-row) td.cell:not(.absent)",
    tds => tds.map(td => [td.dataset.op, Number(td.dataset.run), Number(td.dataset.passed), Number(td.dataset.ran),
                          td.textContent, td.className]));
  const shown = Object.fromEntries(cells.map(([op, run, passed, ran]) => [`${op}|${data.runs[run].file}`, [passed, ran]]));
  assert.deepEqual(shown, expectedCells(), "cell counts");
  for (const [, , passed, ran, text] of cells) assert.equal(text, `${passed}/${ran}`);
  const diagonal = cells.filter(c => c[0] === "DIAGONAL_MATRIX").map(c => [data.runs[c[1]].file, c[5]]);
  assert.deepEqual(Object.fromEntries(diagonal), { "reports/r1.json": "cell all first", "reports/r2.json": "cell some",
                                                   "reports/r2b.json": "cell none", "reports/r3.json": "cell some",
                                                   "reports/other.json": "cell all first" }, "cell colours");

  // The regression: last good r1 (run 1), first bad r2 (run 2); the flake: stays at r2, runs 2 and 3.
  const regressions = await page.$$eval("#regressions tr[data-id]", trs => trs.map(tr => [tr.dataset.id,
    tr.querySelector(".last-good a").textContent, tr.querySelector(".last-good a").getAttribute("href"),
    tr.querySelector(".first-bad a").textContent, tr.querySelector(".first-bad a").getAttribute("href")]));
  assert.deepEqual(regressions, [["diagonal/breaks", "r1", "runs.runs/run-1.html", "r2", "runs.runs/run-2.html"]]);
  const flakes = await page.$$eval("#flakes tr[data-id]", trs => trs.map(tr => [tr.dataset.id, tr.children[2].textContent,
    [...tr.querySelectorAll(".flake-run")].map(s => s.textContent.trim())]));
  assert.deepEqual(flakes, [["diagonal/stays", "r2", ["pass run 2", "fail run 3"]]]);

  await page.screenshot({ path: path.join(artifacts, "runs.png"), fullPage: true });

  // A cell's link opens its run's own page: the r2 run's DIAGONAL_MATRIX cell.
  const r2 = data.runs.findIndex(r => r.revision === "r2");
  await page.click(`#runs-matrix td.cell[data-op="DIAGONAL_MATRIX"][data-run="${r2}"] a`);
  await page.waitForURL(/runs\.runs\/run-2\.html$/);
  await page.waitForSelector("body[data-ready=true]", { timeout: 10000 });
  const report = fixtures.report("reports/r2.json");
  const totals = await page.$$eval("#totals .badge", bs => Object.fromEntries(bs.map(b => [b.dataset.status, Number(b.dataset.count)])));
  assert.deepEqual(totals, { fail: report.totals.fail, pass: report.totals.pass }, "the run's page: its totals");
  assert.match(await page.$eval("#header", h => h.textContent), /reports\/r2\.json/);
  assert.deepEqual(problems, []);
  console.log("ok: runs page: columns, cells, colours, a cell's link to its run's page");
} catch (e) {
  ++failures;
  console.log(`FAIL: runs page\n${e.stack || e}`);
}

await browser.close();
console.log(failures ? `failed; pages in ${work}` : `all checks passed; screenshot in ${artifacts}`);
process.exit(failures ? 1 : 0);
