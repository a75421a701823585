// The runs page: one row per operator, one column per run, the runs grouped by configuration. Each cell
// links to its run's own page beside this one. Everything is drawn from the inlined data.

(() => {
  const data = JSON.parse(document.getElementById("dmlc-data").textContent);

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v;
      else if (k === "dataset") Object.assign(node.dataset, v);
      else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : String(c));
    return node;
  }
  // All passed, some, none, or nothing ran (all skipped).
  const grade = c => (c.ran === 0 ? "skipped" : c.passed === c.ran ? "all" : c.passed === 0 ? "none" : "some");

  function header() {
    const h = document.getElementById("header");
    h.append(el("h1", {}, `dml-conform: ${data.runs.length} runs in ${data.configurations.length} configurations`));
    h.append(el("table", { class: "context", id: "configurations" },
      data.configurations.map((c, i) => el("tr", {}, el("td", {}, `configuration ${i + 1}`), el("td", { class: "mono" }, c.name)))));
  }

  function matrix() {
    const columns = data.configurations.flatMap(c => c.runs.map((run, i) => ({ run, first: i === 0 })));
    const groups = el("tr", {}, el("th", {}, ""),
      data.configurations.map((c, i) => el("th", { class: "configuration", colspan: c.runs.length, title: c.name }, `configuration ${i + 1}`)));
    const heads = el("tr", {}, el("th", {}, "operator"), columns.map(({ run, first }) => {
      const r = data.runs[run];
      return el("th", { class: first ? "run first" : "run", title: `${r.file}\n${r.date}` },
                el("a", { href: r.page, dataset: { run } }, r.revision), el("br"), el("span", { class: "muted" }, r.date.slice(0, 10)));
    }));
    const rows = data.operators.map(op => el("tr", {}, el("th", { class: "op" }, op.name), columns.map(({ run, first }) => {
      const c = op.cells[run];
      const place = first ? " first" : "";
      if (!c) return el("td", { class: `cell absent${place}`, dataset: { op: op.name, run } });
      const r = data.runs[run];
      return el("td", { class: `cell ${grade(c)}${place}`, dataset: { op: op.name, run, passed: c.passed, ran: c.ran },
                        title: `${op.name} in ${r.file} (revision ${r.revision}): ${c.passed} of ${c.ran} passed` },
                el("a", { href: r.page }, `${c.passed}/${c.ran}`));
    })));
    const totals = el("tr", { class: "totals-row" }, el("th", {}, "all operators"), columns.map(({ run, first }) => {
      const r = data.runs[run];
      return el("td", { class: `cell ${grade(r)}${first ? " first" : ""}`, dataset: { run, passed: r.passed, ran: r.ran } },
                el("a", { href: r.page }, `${r.passed}/${r.ran}`));
    }));
    document.getElementById("runs-matrix").append(el("table", {}, groups, heads, rows, totals));
  }

  // A link to run `index`'s page, named by its revision.
  const runLink = (index, text) => el("a", { href: data.runs[index].page, dataset: { run: index } }, text ?? data.runs[index].revision);
  const badge = status => el("span", { class: `badge ${status}` }, status);

  function findings() {
    const s = document.getElementById("findings");
    s.append(el("h2", {}, `Regressions (${data.regressions.length})`));
    s.append(data.regressions.length === 0 ? el("p", { class: "muted" }, "No case fails now that passed before.") :
      el("table", { id: "regressions" },
        el("tr", {}, ["case", "configuration", "last good", "first bad", "now"].map(t => el("th", {}, t))),
        data.regressions.map(r => el("tr", { dataset: { id: r.id } }, el("td", { class: "mono" }, r.id),
                                     el("td", {}, `configuration ${r.configuration + 1}`),
                                     el("td", { class: "last-good" }, runLink(r.lastGoodRun, r.lastGoodRevision)),
                                     el("td", { class: "first-bad" }, runLink(r.firstBadRun, r.firstBadRevision)),
                                     el("td", {}, badge(r.latestStatus))))));
    s.append(el("h2", {}, `Flakes (${data.flakes.length})`));
    s.append(data.flakes.length === 0 ? el("p", { class: "muted" }, "No case both passed and failed on one revision.") :
      el("table", { id: "flakes" },
        el("tr", {}, ["case", "configuration", "revision", "runs"].map(t => el("th", {}, t))),
        data.flakes.map(f => el("tr", { dataset: { id: f.id } }, el("td", { class: "mono" }, f.id),
                                el("td", {}, `configuration ${f.configuration + 1}`), el("td", {}, f.revision),
                                el("td", {}, f.runs.map(r => el("span", { class: "flake-run" }, badge(r.status), " ",
                                                                 runLink(r.run, `run ${r.run + 1}`), " ")))))));
  }

  header();
  matrix();
  findings();
  document.body.dataset.ready = "true";
})();
