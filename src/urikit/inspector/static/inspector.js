// The urikit inspector: loads Pyodide and urikit's wheels (inspector.json says
// from where), then analyses the input as the user types. Test hooks:
// body[data-ready] is "1" whenever the current input's analysis is shown.
"use strict";

const $ = (id) => document.getElementById(id);
const DEBOUNCE_MS = 120;
const COMPARED = ["href", "hostname", "port", "pathname", "search", "hash"];
const RANK = { info: 0, warning: 1, danger: 2 };
const timings = {
  navigationToFirstAnalysis: null, pyodideLoaded: null, wheelsInstalled: null, imported: null,
  lastAnalysis: null, lastPython: null,
};
window.urikitInspector = { timings };

let analyse = null; // (text, base, whatwg JSON, browser) -> JSON string
let find = null; // (text) -> JSON string
let timer = null;
let generation = 0;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "dataset") Object.assign(node.dataset, v);
    else if (k === "className") node.className = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function definition(list, term, value, attrs = {}) {
  const dd = el("dd", attrs);
  if (value === null || value === undefined) dd.append(el("span", { className: "absent" }, "(none)"));
  else if (value === "") dd.append(el("span", { className: "absent" }, "(empty)"));
  else dd.append(String(value));
  list.append(el("dt", {}, term), dd);
  return dd;
}

// ---- the state in the page URL's fragment: #u=...&base=...&mode=text
function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const mode = params.get("mode") === "text" ? "text" : "uri";
  document.querySelector(`input[name=mode][value=${mode}]`).checked = true;
  if (mode === "text") $("text").value = params.get("u") ?? "";
  else $("input").value = params.get("u") ?? "";
  $("base").value = params.get("base") ?? "";
  showMode();
}

function writeFragment() {
  const params = new URLSearchParams();
  const text = currentMode() === "text";
  params.set("u", text ? $("text").value : $("input").value);
  if (!text && $("base").value) params.set("base", $("base").value);
  if (text) params.set("mode", "text");
  const hash = "#" + params.toString();
  if (hash !== location.hash) history.replaceState(null, "", hash);
}

function currentMode() {
  return document.querySelector("input[name=mode]:checked").value;
}

function showMode() {
  const text = currentMode() === "text";
  $("uri-mode").hidden = text;
  $("text-mode").hidden = !text;
}

// ---- rendering
// The components are drawn in a backdrop behind the input box (the box is
// transparent, its text in the same font and place), so that they are coloured
// over the input as written; the backdrop and the caret line under the box
// scroll with the box's text.
function syncScroll() {
  const x = $("input").scrollLeft;
  $("components").scrollLeft = x;
  $("caret").scrollLeft = x;
}

function renderComponents(a) {
  const chars = Array.from(a.text);
  const worst = new Array(chars.length).fill(-1);
  const codes = chars.map(() => []);
  for (const f of a.findings) {
    const end = Math.max(f.end, f.start + 1);
    for (let i = f.start; i < Math.min(end, chars.length); i++) {
      worst[i] = Math.max(worst[i], RANK[f.severity]);
      codes[i].push(f.code);
    }
  }
  const bad = a.error ? a.error.position : -1;
  const key = (i) => `${worst[i]}|${codes[i].join()}|${i === bad}`;
  const line = $("components");
  line.replaceChildren();
  for (const s of a.segments) {
    const span = el("span", { dataset: { component: s.component }, title: s.component });
    let i = s.start;
    while (i < s.end) {
      let j = i + 1;
      while (j < s.end && key(j) === key(i)) j++;
      const piece = chars.slice(i, j).join("");
      if (i === bad) {
        span.append(el("mark", { className: "error", title: a.error.message }, piece));
      } else if (worst[i] >= 0) {
        const sev = Object.keys(RANK)[worst[i]];
        span.append(el("mark", { className: sev, title: codes[i].join(", "), dataset: { codes: codes[i].join(" ") } }, piece));
      } else span.append(piece);
      i = j;
    }
    line.append(span);
  }
  const caret = $("caret");
  caret.replaceChildren();
  $("error").textContent = a.error ? a.error.message : "";
  if (a.error) {
    // the text before the error, invisible, so that the caret sits under the
    // offending character whatever the widths of the characters before it
    const before = chars.slice(0, a.error.position).join("");
    caret.append(el("span", { className: "pad" }, before),
      el("span", { className: "caret", dataset: { errorPosition: String(a.error.position) } }, "^"));
  }
  syncScroll();
}

function renderReading(a) {
  const dl = $("parts");
  dl.replaceChildren();
  if (a.text === "") return;
  const parts = {};
  for (const s of a.segments) if (s.component !== "delimiter") parts[s.component] = s.text;
  if (a.error) {
    definition(dl, "error", a.error.message);
    definition(dl, "component", a.error.component);
    definition(dl, "position", a.error.position);
    return;
  }
  for (const name of ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]) {
    definition(dl, name, parts[name] ?? (name === "path" ? "" : null));
  }
  definition(dl, "host kind", a.host_kind);
  renderDomain(dl, a.domain);
  definition(dl, "path segments", a.path_segments.length ? JSON.stringify(a.path_segments) : null);
  definition(dl, "query params", a.query_params.length ? JSON.stringify(a.query_params) : null);
}

// The registrable domain and public suffix of a reg-name host (urikit.domains),
// or a note that the page has no Public Suffix List; nothing for an IP address
// or no host.
const SECTIONS = { icann: "ICANN section", private: "private section" };

function renderDomain(dl, d) {
  if (d === null || d === undefined) return;
  if (d.unavailable) {
    definition(dl, "registrable domain", null, { id: "registrable-domain", dataset: { unavailable: "1" } })
      .replaceChildren(el("span", { className: "absent" }, d.unavailable));
    return;
  }
  definition(dl, "registrable domain", d.registrable_domain, { id: "registrable-domain" });
  const suffix = definition(dl, "public suffix", d.public_suffix, { id: "public-suffix" });
  if (d.public_suffix !== null) {
    suffix.append(el("span", { className: "note" },
      ` (${SECTIONS[d.section] ?? "not on the list: the default rule *"})`));
    if (d.section) suffix.dataset.section = d.section;
  }
  if (d.subdomain !== null) definition(dl, "subdomain", d.subdomain, { id: "subdomain" });
}

function whatwgReading(text, base) {
  try {
    const u = base ? new URL(text, base) : new URL(text);
    return {
      href: u.href, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search, hash: u.hash,
      protocol: u.protocol, username: u.username, password: u.password,
    };
  } catch (e) {
    return { failure: String(e.message || e) };
  }
}

// The browser's reading beside RFC 3986's: a part is marked where the analysis
// (Python, urikit.inspector._compare) says the two differ in meaning, with
// RFC 3986's side in a note.
function renderWhatwg(a, w) {
  const panel = $("whatwg-panel");
  const dl = $("whatwg");
  dl.replaceChildren();
  if (w === null) { panel.dataset.whatwgHost = ""; return; }
  const differs = a.differs || {};
  const mark = (dd, name) => {
    const note = differs[name];
    if (note === undefined) return;
    dd.classList.add("differs");
    dd.dataset.differs = name;
    dd.title = `RFC 3986: ${note}`;
    dd.append(el("div", { className: "note" }, `RFC 3986: ${note}`));
  };
  if (w.failure) {
    panel.dataset.whatwgHost = "";
    mark(definition(dl, "new URL()", "fails: " + w.failure), "failure");
    return;
  }
  panel.dataset.whatwgHost = w.hostname;
  for (const name of COMPARED) mark(definition(dl, name, w[name]), name);
}

// The browser's name and version, for its row in the readings table.
function browserName() {
  const m = /(Firefox|Edg|Chrome|Version)\/([\d.]+)/.exec(navigator.userAgent);
  if (!m) return "browser";
  return `${{ Edg: "Edge", Version: "Safari" }[m[1]] ?? m[1]} ${m[2]}`;
}

// The readings table, as urikit readings prints it: a row per parser, a cell
// marked where the parsers read its component differently, and each
// disagreement with the characters of the URL that cause it.
const READING_COLUMNS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment", "connect"];

function readingCell(r, column) {
  if (column === "connect") {
    if (r.connect_host === null) return "-";
    const host = r.connect_host.includes(":") ? `[${r.connect_host}]` : r.connect_host;
    return r.connect_port === null ? host : `${host}:${r.connect_port}`;
  }
  const v = r[column];
  return v === null ? "-" : v === "" ? '""' : String(v);
}

function renderReadings(t) {
  const panel = $("readings-panel");
  const table = $("readings");
  const list = $("disagreements");
  const verdict = $("readings-verdict");
  table.replaceChildren();
  list.replaceChildren();
  verdict.textContent = "";
  verdict.className = "verdict";
  panel.dataset.agree = "";
  if (!t) return;
  panel.dataset.agree = t.agree ? "1" : "0";
  verdict.classList.add(t.agree ? "agree" : "disagree");
  verdict.textContent = t.agree
    ? `agree on where ${t.text} leads (scheme, host and port)`
    : `disagree on where ${t.text} leads`;
  const marked = new Set();
  for (const d of t.disagreements) {
    for (const v of d.values) for (const p of v.parsers) marked.add(`${d.component}|${p}`);
  }
  table.append(el("tr", {}, ...["parser", "version", ...READING_COLUMNS].map((h) => el("th", { scope: "col" }, h))));
  for (const [name, r] of Object.entries(t.readings)) {
    const row = el("tr", { dataset: { parser: name } }, el("th", { scope: "row" }, name), el("td", {}, t.versions[name]));
    if (r.error !== null) {
      const td = el("td", { colspan: String(READING_COLUMNS.length), dataset: { component: "valid" } }, "error " + r.error);
      if (marked.has(`valid|${name}`)) td.classList.add("disagree");
      row.append(td);
    } else {
      for (const column of READING_COLUMNS) {
        const td = el("td", { dataset: { component: column } }, readingCell(r, column));
        if (marked.has(`${column}|${name}`)) {
          td.classList.add("disagree");
          td.append(" *");
        }
        row.append(td);
      }
    }
    table.append(row);
  }
  const chars = Array.from(t.text);
  t.disagreements.forEach((d, n) => {
    const shown = el("code", {});
    let at = 0;
    for (const [a, b] of d.spans) {
      shown.append(chars.slice(at, a).join(""), el("mark", {}, chars.slice(a, b).join("")));
      at = b;
    }
    shown.append(chars.slice(at).join(""));
    list.append(el("li", { dataset: { disagreement: d.component } }, t.messages[n], el("br"), shown));
  });
}

function renderRules(a) {
  const dl = $("rules");
  dl.replaceChildren();
  for (const [rule, ok] of Object.entries(a.rules)) {
    const dd = el("dd", {}, el("span", { className: ok ? "yes" : "no" }, ok ? "valid" : "not valid"));
    dl.append(el("dt", {}, rule), dd);
  }
  const result = (r) => (r === null ? null : "value" in r ? r.value : "error: " + r.error);
  definition(dl, "normal form", a.normal ? result(a.normal) : null);
  if (a.base) definition(dl, "resolved", result(a.base), { id: "resolved" });
}

function renderForms(a) {
  const dl = $("iri");
  dl.replaceChildren();
  const result = (r) => ("value" in r ? r.value : "error: " + r.error);
  definition(dl, "URI form (iri.to_uri)", result(a.iri.to_uri));
  definition(dl, "IRI form (iri.from_uri)", result(a.iri.from_uri));
}

function renderFindings(a) {
  const ul = $("findings");
  ul.replaceChildren();
  if (!a.findings.length) {
    ul.append(el("li", { className: "none" }, a.text ? "No findings." : ""));
    return;
  }
  for (const f of a.findings) {
    const spanText = Array.from(a.text).slice(f.start, f.end).join("");
    ul.append(
      el("li", { className: f.severity, dataset: { finding: f.code } },
        el("span", { className: "severity" }, f.severity),
        el("code", {}, f.code), ` at ${f.start}-${f.end} (${f.component}`,
        spanText ? el("code", {}, " " + spanText) : "", `): ${f.message} (${f.reference})`),
    );
  }
}

function renderText(text) {
  const t0 = performance.now();
  const found = JSON.parse(find(text));
  const chars = Array.from(text);
  const pre = $("extracted");
  pre.replaceChildren();
  let at = 0;
  found.forEach((e, n) => {
    pre.append(chars.slice(at, e.start).join(""));
    pre.append(el("mark", { dataset: { extracted: String(n) }, title: e.uri }, chars.slice(e.start, e.end).join("")));
    at = e.end;
  });
  pre.append(chars.slice(at).join(""));
  const ol = $("found");
  ol.replaceChildren(...found.map((e) => el("li", { dataset: { uri: e.uri } }, el("code", {}, e.uri), ` at ${e.start}-${e.end}`)));
  return performance.now() - t0;
}

function renderUri(text, base) {
  const t0 = performance.now();
  const w = text === "" ? null : whatwgReading(text, base);
  const a = JSON.parse(analyse(text, base, w === null ? "" : JSON.stringify(w), browserName()));
  timings.lastPython = performance.now() - t0;
  renderComponents(a);
  renderReading(a);
  renderWhatwg(a, w);
  renderReadings(a.readings);
  renderRules(a);
  renderForms(a);
  renderFindings(a);
  return performance.now() - t0;
}

function run() {
  timer = null;
  const mine = ++generation;
  try {
    timings.lastAnalysis = currentMode() === "text" ? renderText($("text").value) : renderUri($("input").value, $("base").value);
    $("status").textContent = `Analysed in ${timings.lastAnalysis.toFixed(1)} ms (urikit, pure Python, in Pyodide).`;
  } catch (e) {
    $("status").textContent = "The analysis failed: " + e;
    throw e;
  } finally {
    if (mine === generation) {
      if (timings.navigationToFirstAnalysis === null) timings.navigationToFirstAnalysis = performance.now();
      document.body.dataset.ready = "1";
    }
  }
}

function changed() {
  document.body.dataset.ready = "0";
  writeFragment();
  if (!analyse) return;
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(run, DEBOUNCE_MS);
}

// ---- when Python cannot start: a message in the page that says why and what
// to do (index.html's inline script says it for a page opened from a file,
// where this module never runs)
class StartError extends Error {
  constructor(kind, summary, fix, cause) {
    super(summary);
    Object.assign(this, { kind, fix, cause });
  }
}

function detail(e) {
  return String((e && e.message) || e);
}

function showProblem(kind, summary, fix, cause) {
  const box = $("problem");
  box.dataset.problem = kind;
  const parts = [el("p", { className: "summary" }, summary)];
  for (const item of fix) parts.push(typeof item === "string" ? el("p", {}, item) : item);
  if (cause) parts.push(el("p", { className: "cause" }, "The browser said: " + detail(cause)));
  box.replaceChildren(...parts);
  box.hidden = false;
  document.body.dataset.failed = kind;
  $("status").textContent = summary;
}

function command(text) {
  return el("pre", { className: "command" }, el("code", {}, text));
}

async function loadConfig() {
  let response;
  try {
    response = await fetch("inspector.json");
  } catch (e) {
    throw new StartError("config", "The page could not read its inspector.json.", [], e);
  }
  if (!response.ok) {
    throw new StartError("config", `The page's inspector.json is missing (HTTP ${response.status}): this folder is not a built inspector page.`,
      ["Build the page and serve it:", command("python -m urikit.inspector serve --pyodide DIR")]);
  }
  return response.json();
}

async function loadPython(config) {
  const version = config.pyodide_version;
  try {
    const { loadPyodide } = await import(config.pyodide + "pyodide.mjs");
    return await loadPyodide({ indexURL: config.pyodide });
  } catch (e) {
    const local = !/^[a-z][a-z0-9+.-]*:/i.test(config.pyodide);
    throw new StartError("pyodide",
      `Python could not start: Pyodide ${version} could not be loaded from ${new URL(config.pyodide, location.href).href}.`,
      local
        ? [`This server has no copy of Pyodide ${version} there. Give serve the folder of Pyodide's npm package (the folder with pyodide.mjs in it):`,
           command(`python -m urikit.inspector serve --pyodide DIR`)]
        : [`This page loads Pyodide from its CDN, which this browser cannot reach (offline, or blocked). Serve a local copy instead: fetch Pyodide's npm package, unpack it, and give its folder to serve:`,
           command(`npm pack pyodide@${version}\ntar xzf pyodide-${version}.tgz   # unpacks into package/\npython -m urikit.inspector serve --pyodide package`),
           "Then open the address it prints. (For a page of your own, python -m urikit.inspector build OUT --pyodide BASE loads Pyodide from BASE.)"],
      e);
  }
}

async function boot() {
  readFragment();
  for (const id of ["input", "base", "text"]) $(id).addEventListener("input", changed);
  for (const type of ["scroll", "keyup", "click", "select", "focus"]) $("input").addEventListener(type, syncScroll);
  window.addEventListener("resize", syncScroll);
  for (const r of document.querySelectorAll("input[name=mode]")) r.addEventListener("change", () => { showMode(); changed(); });
  window.addEventListener("hashchange", () => { readFragment(); changed(); });
  const config = await loadConfig();
  const wheels = Promise.all(config.wheels.map(async (w) => {
    const response = await fetch(w);
    if (!response.ok) throw new Error(`${w}: HTTP ${response.status}`);
    return response.arrayBuffer();
  }));
  wheels.catch(() => {}); // reported below, once Python is there to install them
  const py = await loadPython(config);
  timings.pyodideLoaded = performance.now();
  try {
    const sitePackages = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
    for (const data of await wheels) py.unpackArchive(data, "wheel", { extractDir: sitePackages });
    timings.wheelsInstalled = performance.now();
    py.globals.set("invisible_json", JSON.stringify(config.invisible));
    py.runPython(`
import json
from urikit.inspector import _browser
stand_in = _browser.install(json.loads(invisible_json))
from urikit.inspector._analysis import analyse, find
def analyse_json(text, base, whatwg_json, browser):
    return json.dumps(analyse(text, base, json.loads(whatwg_json) if whatwg_json else None, browser))
def find_json(text):
    return json.dumps(find(text))
`);
  } catch (e) {
    throw new StartError("urikit", "Python started, but urikit could not be installed or imported in it.",
      ["The page's wheels/ folder or inspector.json may be from another build: build the page again (python -m urikit.inspector build OUT)."], e);
  }
  timings.imported = performance.now();
  analyse = py.globals.get("analyse_json");
  find = py.globals.get("find_json");
  const version = py.runPython("import sys; sys.version.split()[0]");
  const missing = ["urikit.html (lxml has no pure-Python build)"];
  if (!py.runPython("import importlib.util; importlib.util.find_spec('publicsuffixlist') is not None")) {
    missing.push("the Public Suffix List (the publicsuffixlist package was not installed where the page was built): no registrable domains");
  }
  if (py.globals.get("stand_in")) {
    missing.push("the regex module: the invisible-character check uses its character table, read from it when the page was built");
  }
  $("unavailable").textContent =
    `Python ${version} (Pyodide ${config.pyodide_version}). Not in this page: ${missing.join("; ")}.`;
  run();
}

if (location.protocol !== "file:") {
  boot().catch((e) => {
    if (e instanceof StartError) showProblem(e.kind, e.message, e.fix, e.cause);
    else showProblem("start", "Python could not start in this page.", [], e);
    console.error(e);
  });
}
