// The page: header, changes against a base run, the operator x type matrix, the filtered case list and
// each failing case's details with its heat maps. Everything is drawn from the inlined data; nothing is
// fetched.

const page = (() => {
  const data = JSON.parse(document.getElementById("dmlc-data").textContent);
  const STATUSES = ["crash", "timeout", "error", "fail", "unexpected-pass", "flake", "expected-fail", "skip", "pass"];
  const SEVERITY = Object.fromEntries(STATUSES.map((s, i) => [s, STATUSES.length - i]));  // crash is worst
  const ROW_LIMIT = 1000;  // rows drawn before "show all": a 10,000-case run stays quick to filter
  const state = { statuses: new Set(STATUSES.filter(s => s !== "pass")), text: "", cell: null, changedOnly: false,
                  open: new Set(), showAll: false };

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (k === "dataset") Object.assign(node.dataset, v);
      else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : String(c));
    return node;
  }
  const badge = status => el("span", { class: `badge ${status}` }, status);
  const typeOf = c => (c.dataTypes && c.dataTypes.length ? c.dataTypes[0] : "(none)");
  const opOf = c => c.operator || "(not loaded)";
  const ms = v => (v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(2) : v.toFixed(3)) + " ms";
  const num = v => (typeof v === "number" ? (Number.isInteger(v) ? String(v) : v.toPrecision(6)) : String(v));

  function header() {
    const c = data.context, t = data.totals, h = document.getElementById("header");
    h.append(el("h1", {}, `dml-conform: ${c.backend}`, c.device ? ` on ${c.device}` : ""));
    const rows = [["report", data.report || "(merged)"], ["driver", c.driver], ["feature level", c.featureLevel],
                  ["date", c.date], ["host", c.host], ["tool", `${c.toolVersion} (${c.gitRevision})`],
                  ["isolation", `${c.isolation}, ${c.jobs} jobs`], ["shard", c.shard],
                  ["duration", ms(c.durationMs || 0)]];
    h.append(el("table", { class: "context" }, rows.filter(r => r[1]).map(([k, v]) => el("tr", {}, el("td", {}, k), el("td", {}, v)))));
    const totals = el("div", { class: "totals", id: "totals" }, el("span", {}, `${t.cases} cases:`));
    for (const s of STATUSES) {
      const n = t[s.replace(/-(.)/g, (_, x) => x.toUpperCase())] || 0;
      if (n > 0) totals.append(el("span", { class: `badge ${s}`, dataset: { status: s, count: n } }, `${n} ${s}`));
    }
    h.append(totals);
    if (t.passedUnderAnotherBehaviour) {
      h.append(el("div", { class: "muted", id: "other-behaviour", dataset: { count: t.passedUnderAnotherBehaviour } },
                  `${t.passedUnderAnotherBehaviour} passed under another admitted behaviour than their file expects`));
    }
    if (c.interrupted) h.append(el("div", { class: "warning" }, "The run was interrupted: some planned cases did not finish."));
    if (c.plannedCases && c.plannedCases > t.cases) {
      h.append(el("div", { class: "warning" }, `${t.cases} of ${c.plannedCases} planned cases are in the report.`));
    }
  }

  function changes() {
    const cmp = data.comparison;
    if (!cmp) return;
    const s = document.getElementById("changes");
    s.hidden = false;
    s.append(el("h2", {}, `Changes since ${cmp.base}`));
    const verdict = cmp.hasRegression ? "Regressions: new failures, missing cases or slower timings." : "No regression.";
    s.append(el("p", { class: cmp.hasRegression ? "warning" : "muted", id: "verdict" }, verdict));
    const statusTable = (title, list, key) => {
      if (!list.length) return;
      s.append(el("h3", {}, `${title} (${list.length})`));
      s.append(el("table", { class: "changes-list", id: key },
        el("tr", {}, el("th", {}, "case"), el("th", {}, "before"), el("th", {}, "now"), el("th", {}, "message")),
        list.map(x => el("tr", { dataset: { id: x.id } }, el("td", { class: "mono" }, x.id),
                         el("td", {}, x.baseStatus ? badge(x.baseStatus) : "(absent)"), el("td", {}, badge(x.newStatus)),
                         el("td", { class: "message" }, x.message)))));
    };
    statusTable("New failures", cmp.newFailures, "new-failures");
    statusTable("Fixed", cmp.fixes, "fixes");
    statusTable("Newly skipped", cmp.newlySkipped, "newly-skipped");
    if (cmp.missing.length) {
      s.append(el("h3", {}, `Missing from this run (${cmp.missing.length})`));
      s.append(el("pre", { id: "missing" }, cmp.missing.join("\n")));
    }
    const timingTable = (title, list, key) => {
      if (!list.length) return;
      s.append(el("h3", {}, `${title} (${list.length} of ${cmp.timingsCompared} timed cases)`));
      s.append(el("table", { id: key }, el("tr", {}, el("th", {}, "case"), el("th", {}, "before"), el("th", {}, "now"), el("th", {}, "change")),
        list.map(x => el("tr", { dataset: { id: x.id } }, el("td", { class: "mono" }, x.id), el("td", {}, ms(x.baseMs)),
                         el("td", {}, ms(x.newMs)), el("td", {}, `${x.newMs >= x.baseMs ? "+" : ""}${((x.newMs / x.baseMs - 1) * 100).toFixed(1)}%`)))));
    };
    timingTable("Slower", cmp.regressions, "regressions");
    timingTable("Faster", cmp.improvements, "improvements");
  }

  // operator -> type -> counts per status; the worst status decides the colour.
  function matrixCounts() {
    const m = new Map();
    for (const c of data.cases) {
      const op = opOf(c), type = typeOf(c);
      if (!m.has(op)) m.set(op, new Map());
      const row = m.get(op);
      if (!row.has(type)) row.set(type, {});
      const cell = row.get(type);
      cell[c.status] = (cell[c.status] || 0) + 1;
    }
    return m;
  }

  function matrix() {
    const counts = matrixCounts();
    const types = [...new Set([...counts.values()].flatMap(r => [...r.keys()]))].sort();
    const ops = [...counts.keys()].sort();
    const table = el("table", {}, el("tr", {}, el("th", {}, "operator"), types.map(t => el("th", {}, t))));
    for (const op of ops) {
      const tr = el("tr", {}, el("th", { class: "op" }, op));
      for (const type of types) {
        const cell = counts.get(op).get(type);
        if (!cell) { tr.append(el("td", { class: "cell empty" })); continue; }
        const total = Object.values(cell).reduce((a, b) => a + b, 0);
        const worst = Object.keys(cell).sort((a, b) => SEVERITY[b] - SEVERITY[a])[0];
        const notPassed = total - (cell.pass || 0);
        const title = Object.entries(cell).map(([s, n]) => `${n} ${s}`).join(", ");
        tr.append(el("td", {
          class: `cell ${worst}`, title: `${op} ${type}: ${title}`,
          dataset: { op, type, total, worst, counts: JSON.stringify(cell) },
          onclick: () => { state.cell = state.cell && state.cell.op === op && state.cell.type === type ? null : { op, type };
                           state.showAll = false; refresh(); },
        }, notPassed ? `${notPassed}/${total}` : String(total)));
      }
      table.append(tr);
    }
    document.getElementById("matrix").append(table);
  }

  function filters() {
    const f = document.getElementById("filters");
    const present = new Set(data.cases.map(c => c.status));
    for (const s of STATUSES) {
      if (!present.has(s)) continue;
      const n = data.cases.filter(c => c.status === s).length;
      const box = el("input", { type: "checkbox", dataset: { status: s }, onchange: e => {
        if (e.target.checked) state.statuses.add(s); else state.statuses.delete(s);
        refresh();
      } });
      box.checked = state.statuses.has(s);
      f.append(el("label", {}, box, " ", badge(s), ` ${n}`));
    }
    f.append(el("input", { type: "search", id: "text-filter", placeholder: "filter by id, operator or message",
                           oninput: e => { state.text = e.target.value.toLowerCase(); refresh(); } }));
    if (data.comparison) {
      const box = el("input", { type: "checkbox", id: "changed-only", onchange: e => { state.changedOnly = e.target.checked; refresh(); } });
      f.append(el("label", {}, box, " changed since the base only"));
    }
    f.append(el("span", { id: "cell-filter" }));
  }

  function visibleCases() {
    return data.cases.filter(c => state.statuses.has(c.status) &&
      (!state.cell || (opOf(c) === state.cell.op && typeOf(c) === state.cell.type)) &&
      (!state.changedOnly || c.mark) &&
      (!state.text || [c.id, c.operator, c.message || ""].some(x => x.toLowerCase().includes(state.text))));
  }

  function caseList() {
    const shown = visibleCases();
    const list = document.getElementById("case-list");
    list.replaceChildren();
    list.append(el("p", { class: "muted", id: "shown-count", dataset: { count: shown.length } },
                   `${shown.length} of ${data.cases.length} cases shown`));
    if (!shown.length) return;
    const table = el("table", {}, el("tr", {}, el("th", {}, "status"), data.comparison ? el("th", {}, "change") : null,
                                      el("th", {}, "case"), el("th", {}, "operator"), el("th", {}, "types"), el("th", {}, "time")));
    const limit = state.showAll ? shown.length : Math.min(shown.length, ROW_LIMIT);
    for (const c of shown.slice(0, limit)) {
      const row = el("tr", { class: "case", dataset: { id: c.id, status: c.status }, onclick: () => {
        if (state.open.has(c.id)) state.open.delete(c.id); else state.open.add(c.id);
        caseList();
      } }, el("td", {}, badge(c.status)), data.comparison ? el("td", {}, c.mark ? el("span", { class: `badge mark ${c.mark}` }, c.mark) : "") : null,
        el("td", { class: "id mono" }, c.id), el("td", {}, opOf(c)), el("td", {}, (c.dataTypes || []).join(", ")),
        el("td", {}, ms(c.durationMs || 0)));
      table.append(row);
      if (state.open.has(c.id)) table.append(el("tr", { class: "details", dataset: { id: c.id } }, el("td", { colspan: 6 }, details(c))));
    }
    list.append(table);
    if (limit < shown.length) {
      list.append(el("button", { class: "more", onclick: () => { state.showAll = true; caseList(); } }, `show all ${shown.length}`));
    }
  }

  function mismatchTable(title, list) {
    if (!list || !list.length) return null;
    return [el("h3", {}, title), el("table", { class: "mismatches" },
      el("tr", {}, ["element", "expected", "actual", "expected bits", "actual bits", "ULP", "abs error"].map(h => el("th", {}, h))),
      list.map(m => el("tr", {}, el("td", { class: "mono" }, `${m.tensor}[${m.coordinates.join(",")}]`), el("td", { class: "mono" }, num(m.expected)),
                       el("td", { class: "mono" }, num(m.actual)), el("td", { class: "mono" }, m.expectedBits || ""),
                       el("td", { class: "mono" }, m.actualBits || ""), el("td", {}, num(m.ulp)), el("td", {}, num(m.absError)))))];
  }

  function details(c) {
    const facts = [["message", c.message && el("pre", {}, c.message)], ["tolerance", c.tolerance],
                   ["expected status", c.expectedStatus], ["behaviour", c.behaviour],
                   ["expected behaviour", c.expectedBehaviour], ["execution flags", c.executionFlags],
                   ["compared", c.elements ? `${c.mismatchCount} of ${c.elements} elements differ; largest ULP ${num(c.maxUlp)}, abs error ${num(c.maxAbsError)}` : null],
                   ["attempts", c.attempts > 1 ? c.attempts : null], ["device lost", c.deviceLost ? "yes" : null],
                   ["file", c.file], ["rerun", c.rerun && el("code", { class: "rerun" }, c.rerun)],
                   ["fuzz replay", c.replay && el("code", { class: "replay" }, c.replay)]];
    const node = el("div", {}, el("dl", { class: "facts" }, facts.filter(f => f[1]).flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])));
    if (c.errorMaps && c.errorMaps.length) {
      node.append(el("h3", {}, "Where the wrong elements are"));
      node.append(el("div", { class: "maps" }, c.errorMaps.map(m => mapView(c, m))));
    } else if (c.errorMapsOmitted) {
      node.append(el("p", { class: "muted" }, "The report left this case's error maps out to stay within its size."));
    }
    node.append(...(mismatchTable("Worst elements", c.worstMismatches) || []), ...(mismatchTable("First elements", c.firstMismatches) || []));
    if (c.transcript) node.append(el("h3", {}, "Transcript"), el("pre", {}, c.transcript));
    return node;
  }

  function mapView(c, map) {
    const failed = heatMap.decodeLevels(map.failedLevels), errors = heatMap.decodeLevels(map.errorLevels);
    const { rows, cols, leading, slices } = heatMap.shape(map);
    const scale = Math.max(1, Math.min(16, Math.floor(256 / Math.max(rows, cols))));
    const select = el("select", {}, el("option", { value: "failed" }, "share of elements failed"), el("option", { value: "error" }, "largest error"));
    const recorded = [...(c.worstMismatches || []), ...(c.firstMismatches || [])].filter(m => m.tensor === map.tensor);
    const canvases = [];
    const figures = [];
    for (let s = 0; s < slices; ++s) {
      const canvas = el("canvas", { class: "heatmap", dataset: { tensor: map.tensor, slice: s } });
      heatMap.draw(canvas, failed, map, s, scale);
      canvas.addEventListener("mousemove", e => hover(e, c, map, s, scale, failed, errors, recorded));
      canvas.addEventListener("mouseleave", () => { document.getElementById("tooltip").hidden = true; });
      canvases.push(canvas);
      let label = "";
      if (leading.length) {
        const at = heatMap.cellCoordinates({ grid: leading }, s);
        const ranges = heatMap.cellRanges({ cellSizes: map.cellSizes, sizes: map.sizes }, at);
        label = `[${ranges.map(([a, b]) => (a === b ? a : `${a}-${b}`)).join(",")},:,:]`;
      }
      figures.push(el("figure", {}, canvas, label ? el("figcaption", {}, label) : null));
    }
    select.addEventListener("change", () => canvases.forEach((cv, s) => heatMap.draw(cv, select.value === "error" ? errors : failed, map, s, scale)));
    const downsampled = map.cellSizes.some(x => x > 1);
    return el("div", { class: "map", dataset: { tensor: map.tensor } },
      el("div", {}, el("strong", {}, map.tensor), ` ${map.dataType} [${map.sizes.join(",")}]`),
      el("div", { class: "muted" }, downsampled ? `downsampled: each cell is ${map.cellSizes.join("x")} elements` : "one cell per element"),
      el("div", { class: "slices" }, figures),
      el("div", { class: "legend" }, "colour by ", select, " none ", heatMap.legend(), " all / largest"));
  }

  function hover(e, c, map, slice, scale, failed, errors, recorded) {
    const { rows, cols, leading } = heatMap.shape(map);
    const rect = e.target.getBoundingClientRect();
    const x = Math.floor((e.clientX - rect.left) / scale), y = Math.floor((e.clientY - rect.top) / scale);
    if (x < 0 || y < 0 || x >= cols || y >= rows) return;
    const index = slice * rows * cols + y * cols + x;
    const at = heatMap.cellCoordinates(map, index);
    const ranges = heatMap.cellRanges(map, at);
    const lines = [`${map.tensor}[${ranges.map(([a, b]) => (a === b ? a : `${a}-${b}`)).join(",")}]`];
    if (failed[index] === 0) {
      lines.push("no element failed");
    } else {
      const elements = ranges.reduce((n, [a, b]) => n * (b - a + 1), 1);
      lines.push(elements === 1 ? "failed" : `about ${Math.round(((failed[index] - 1) / 254) * 100)}% of ${elements} elements failed`);
      lines.push(errors[index] === 255 ? "largest error: NaN against a number, or infinite"
                                       : `largest error at least ${num(heatMap.errorOfLevel(errors[index]))} ${map.dataType.startsWith("FLOAT") ? "ULP" : ""}`);
      for (const m of recorded.filter(m => heatMap.cellOf(map, m.coordinates) === index).slice(0, 3)) {
        lines.push(`[${m.coordinates.join(",")}] expected ${num(m.expected)} (${m.expectedBits}), actual ${num(m.actual)} (${m.actualBits}), ULP ${num(m.ulp)}`);
      }
    }
    const tip = document.getElementById("tooltip");
    tip.textContent = lines.join("\n");
    tip.style.left = `${e.clientX + 14}px`;
    tip.style.top = `${e.clientY + 14}px`;
    tip.hidden = false;
  }

  function refresh() {
    document.querySelectorAll("#matrix td.cell").forEach(td => td.classList.toggle("selected",
      !!state.cell && td.dataset.op === state.cell.op && td.dataset.type === state.cell.type));
    const chip = document.getElementById("cell-filter");
    chip.replaceChildren(state.cell ? el("span", { class: "chip", onclick: () => { state.cell = null; refresh(); } },
                                         `${state.cell.op} x ${state.cell.type} (clear)`) : "");
    caseList();
  }

  header();
  changes();
  matrix();
  filters();
  refresh();
  document.body.dataset.ready = "true";
  return { data, state, refresh, visibleCases };
})();
