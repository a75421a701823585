// Opens the pages `dml-conform html` writes (from the real runs of fixtures.mjs) in Debian's Chromium
// through Playwright and checks them as a user would see them: no console error and no request leaving
// the file; totals and the operator x type matrix equal to the JSON report's; filtering by status, text
// and matrix cell; the heat maps showing where the stripes are; a compared run's changes and marks; case
// names made of markup shown as text; a 10,000-case page ready within 2 s. Screenshots go to $DMLC_ARTIFACTS (default: the work folder).
// Usage: node html_page_test.mjs DML_CONFORM [FAULT_SHIM]
// Exit 0 pass, 1 fail, 77 skip (no Chromium or no playwright-core: run `npm ci` here).
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { launchChromiumOrSkip } from "./chromium.mjs";
import { Fixtures, HOSTILE_NAMES } from "./fixtures.mjs";

const browser = await launchChromiumOrSkip();

const [tool, shim] = process.argv.slice(2);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "dmlc-html-"));
const artifacts = process.env.DMLC_ARTIFACTS || work;
fs.mkdirSync(artifacts, { recursive: true });
const fixtures = new Fixtures(path.resolve(tool), shim ? path.resolve(shim) : "", work);

// The matrix the page must show, computed here from the report on its own.
function expectedMatrix(report) {
  const m = {};
  for (const c of report.cases) {
    const key = `${c.operator || "(not loaded)"}|${c.dataTypes.length ? c.dataTypes[0] : "(none)"}`;
    m[key] ??= {};
    m[key][c.status] = (m[key][c.status] || 0) + 1;
  }
  return m;
}
const camel = s => s.replace(/-(.)/g, (_, x) => x.toUpperCase());

// Opens a page, failing on any console error, page error or request other than the file itself.
async function open(file) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const url = pathToFileURL(fixtures.file(file)).href;
  const problems = [];
  page.on("console", m => { if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on("pageerror", e => problems.push(`page error: ${e.message}`));
  page.on("request", r => { if (r.url() !== url) problems.push(`request: ${r.url()}`); });
  const started = Date.now();
  await page.goto(url, { waitUntil: "load" });
  await page.waitForSelector("body[data-ready=true]", { timeout: 10000 });
  const readyMs = Date.now() - started;
  return { page, problems, readyMs };
}

async function checkTotalsAndMatrix(page, report) {
  const totals = await page.$$eval("#totals .badge", bs => Object.fromEntries(bs.map(b => [b.dataset.status, Number(b.dataset.count)])));
  for (const [status, n] of Object.entries(totals)) assert.equal(n, report.totals[camel(status)], `totals: ${status}`);
  const listed = Object.values(totals).reduce((a, b) => a + b, 0);
  assert.equal(listed, report.totals.cases, "the totals' badges add up to the cases");
  const cells = await page.$$eval("#matrix td.cell:not(.empty)", tds => tds.map(td => [`${td.dataset.op}|${td.dataset.type}`, JSON.parse(td.dataset.counts)]));
  assert.deepEqual(Object.fromEntries(cells), expectedMatrix(report), "matrix counts");
}

const shownCount = page => page.$eval("#shown-count", p => Number(p.dataset.count));

// Reads back the pixels of the heat map of slice `slice` of a case's output, as the page drew them.
async function heatMapImage(page, caseId, tensor, slice) {
  const selector = `tr.details[data-id="${caseId}"] canvas.heatmap[data-tensor="${tensor}"][data-slice="${slice}"]`;
  return page.$eval(selector, (canvas) => {
    const { width, height } = canvas;
    return { width, height, pixels: Array.from(canvas.getContext("2d").getImageData(0, 0, width, height).data) };
  });
}

// Whether the block of grid cell (row, col) is drawn as failed: any colour but the neutral grey.
function cellFailed(image, scale, row, col) {
  const x = col * scale + Math.floor(scale / 2), y = row * scale + Math.floor(scale / 2);
  const p = (y * image.width + x) * 4;
  const [r, g, b] = image.pixels.slice(p, p + 3);
  return !(r === 236 && g === 239 && b === 241);
}

let failures = 0;
async function check(name, fn) {
  try {
    await fn();
    console.log(`ok: ${name}`);
  } catch (e) {
    ++failures;
    console.log(`FAIL: ${name}\n${e.stack || e}`);
  }
}

fixtures.makeRun();
fixtures.makeMerge();
fixtures.makeComparison();
fixtures.makeLarge(10000);
fixtures.makeHostile();

await check("run page: statuses, matrix, filters, heat maps", async () => {
  const report = fixtures.report("run.json");
  const byId = Object.fromEntries(report.cases.map(c => [c.id, c]));
  assert.equal(byId["diagonal/striped"].status, "fail");
  assert.equal(byId["diagonal/right"].status, "pass");
  if (shim) {
    assert.equal(byId["faults/crashes"].status, "crash");
    assert.equal(byId["faults/hangs"].status, "timeout");
  }
  const { page, problems } = await open("run.html");
  await checkTotalsAndMatrix(page, report);
  // Passes are hidden at first; every other case is listed.
  const failing = report.cases.filter(c => c.status !== "pass").length;
  assert.equal(await shownCount(page), failing, "passes hidden by default");
  await page.check('#filters input[data-status="pass"]');
  assert.equal(await shownCount(page), report.cases.length, "passes shown when asked");
  await page.fill("#text-filter", "stripes");
  assert.equal(await shownCount(page), 1, "text filter");
  await page.fill("#text-filter", "");
  await page.click('#matrix td.cell[data-op="DIAGONAL_MATRIX"]');
  assert.equal(await shownCount(page), 3, "the DIAGONAL_MATRIX cell lists its three cases");
  await page.click("#filters .chip");
  assert.equal(await shownCount(page), report.cases.length, "the cell's filter cleared");
  // The striped case: every odd column wrong, every even one right, one cell per element.
  await page.click('tr.case[data-id="diagonal/striped"]');
  const rerun = await page.$eval('tr.details[data-id="diagonal/striped"] code.rerun', c => c.textContent);
  assert.equal(rerun, "dml-conform run run/diagonal.json --filter 'diagonal/striped' --backend cpu");
  const image = await heatMapImage(page, "diagonal/striped", "OutputTensor", 0);
  const scale = image.width / 24;
  assert.equal(image.height / scale, 16, "one row of pixels blocks per tensor row");
  for (let r = 0; r < 16; ++r) {
    for (let c = 0; c < 24; ++c) assert.equal(cellFailed(image, scale, r, c), c % 2 === 1, `striped cell ${r},${c}`);
  }
  // Hovering a failed cell names the element and its recorded values with their bits.
  const canvas = page.locator('tr.details[data-id="diagonal/striped"] canvas.heatmap').first();
  await canvas.hover({ position: { x: 1 * scale + scale / 2, y: scale / 2 } });
  const tip = await page.$eval("#tooltip", t => (t.hidden ? "" : t.textContent));
  assert.match(tip, /^OutputTensor\[0,0,0,1\]\nfailed\n/);
  assert.match(tip, /\[0,0,0,1\] expected 5 \(0x40a00000\), actual 0 \(0x00000000\), ULP 1084227584/);
  await canvas.hover({ position: { x: scale / 2, y: scale / 2 } });
  assert.match(await page.$eval("#tooltip", t => t.textContent), /no element failed/);
  await page.mouse.move(0, 0);
  assert.equal(await page.$eval("#tooltip", t => t.hidden), true, "the tooltip goes with the pointer");
  // What docs/images/html-report.png shows: the top of the page with the striped case open.
  await page.setViewportSize({ width: 1200, height: 1240 });
  await page.screenshot({ path: path.join(artifacts, "run-failing-case.png") });
  // The downsampled one: three slices, cells of 8x8 elements, stripes of 16 columns.
  await page.click('tr.case[data-id="diagonal/wide_stripes"]');
  const wide = byId["diagonal/wide_stripes"].errorMaps[0];
  assert.deepEqual(wide.cellSizes, [1, 1, 8, 8]);
  for (let s = 0; s < 3; ++s) {
    const img = await heatMapImage(page, "diagonal/wide_stripes", "OutputTensor", s);
    const cols = wide.grid[3], rows = wide.grid[2], sc = img.width / cols;
    for (let r = 0; r < rows; ++r) {
      for (let c = 0; c < cols; ++c) {
        assert.equal(cellFailed(img, sc, r, c), Math.floor((c * 8) / 16) % 2 === 1, `wide stripes slice ${s} cell ${r},${c}`);
      }
    }
  }
  await page.screenshot({ path: path.join(artifacts, "run.png"), fullPage: true });
  assert.deepEqual(problems, []);
});

await check("baseline page (run --html): the failures expected", async () => {
  const report = fixtures.report("baseline.json");
  assert.equal(report.cases.find(c => c.id === "diagonal/striped").status, "expected-fail");
  const { page, problems } = await open("baseline.html");
  await checkTotalsAndMatrix(page, report);
  assert.deepEqual(problems, []);
});

await check("merged shards page (merge --html)", async () => {
  const report = fixtures.report("merged.json");
  assert.equal(report.totals.cases, 3);
  const { page, problems } = await open("merged.html");
  await checkTotalsAndMatrix(page, report);
  assert.deepEqual(problems, []);
});

await check("compared runs page (compare --html): changes and marks", async () => {
  const { page, problems } = await open("compare.html");
  await checkTotalsAndMatrix(page, fixtures.report("new.json"));
  const ids = sel => page.$$eval(`${sel} tr[data-id]`, trs => trs.map(tr => tr.dataset.id));
  assert.deepEqual(await ids("#new-failures"), ["cases/breaks"]);
  assert.deepEqual(await ids("#fixes"), ["cases/was_wrong"]);
  assert.match(await page.$eval("#missing", p => p.textContent), /cases\/goes/);
  await page.check("#changed-only");
  await page.check('#filters input[data-status="pass"]');
  const marks = await page.$$eval("tr.case", trs => trs.map(tr => [tr.dataset.id, tr.querySelector(".badge.mark")?.textContent]));
  assert.deepEqual(Object.fromEntries(marks), { "cases/breaks": "new", "cases/was_wrong": "fixed", "cases/arrives": "added" });
  await page.screenshot({ path: path.join(artifacts, "compare.png"), fullPage: true });
  assert.deepEqual(problems, []);
});

await check("hostile case names: shown as text, the page whole, no script of theirs run", async () => {
  const report = fixtures.report("hostile.json");
  const { page, problems } = await open("hostile.html");
  await checkTotalsAndMatrix(page, report);
  await page.check('#filters input[data-status="pass"]');
  const shown = await page.$$eval("tr.case", trs => trs.map(tr => tr.dataset.id));
  assert.equal(shown.length, HOSTILE_NAMES.length);
  for (const name of HOSTILE_NAMES) assert.ok(shown.includes(`cases/${name}`), `listed: ${name.slice(0, 40)}`);
  assert.equal(await page.evaluate(() => window.__pwned), undefined, "no script from the data ran");
  assert.equal(await page.$$eval("b", bs => bs.length), 0, "no markup from the data was made");
  await page.screenshot({ path: path.join(artifacts, "hostile.png"), fullPage: true });
  assert.deepEqual(problems, []);
});

await check("10,000 cases: ready within 2 s", async () => {
  const report = fixtures.report("large.json");
  assert.equal(report.totals.cases, 10000);
  const { page, problems, readyMs } = await open("large.html");
  console.log(`  large.html: ${(fs.statSync(fixtures.file("large.html")).size / 1e6).toFixed(1)} MB, ready in ${readyMs} ms`);
  assert.ok(readyMs < 2000, `ready in ${readyMs} ms`);
  await checkTotalsAndMatrix(page, report);
  await page.check('#filters input[data-status="pass"]');
  assert.equal(await page.$$eval("tr.case", trs => trs.length), 1000, "rows drawn up to the limit");
  assert.deepEqual(problems, []);
});

await browser.close();
console.log(failures ? `${failures} check(s) failed; pages in ${work}` : `all checks passed; screenshots in ${artifacts}`);
process.exit(failures ? 1 : 0);
