// Runs pytest under Pyodide's Python in Node: urikit's pure-Python wheel and
// pytest's wheels installed into Pyodide, the checkout mounted at /repo.
// Usage: node .ci/pyodide_pytest.mjs PYODIDE_DIR WHEELS_DIR [pytest arguments...]
// Exits with pytest's status.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelsDir, ...args] = process.argv.slice(2);
const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });
const sitePackages = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const name of fs.readdirSync(wheelsDir).filter((n) => n.endsWith(".whl")).sort()) {
  const data = new Uint8Array(fs.readFileSync(path.join(wheelsDir, name)));
  py.unpackArchive(data, "wheel", { extractDir: sitePackages });
}
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: repo }, "/repo");
py.globals.set("pytest_args", py.toPy(args));
const status = py.runPython(`
import os, sys
os.chdir("/repo")
print("Python", sys.version.split()[0], "(Pyodide)", sys.platform)
import pytest
int(pytest.main(list(pytest_args)))
`);
process.exit(status);
