// Runs pytest under Pyodide's Python in Node: urikit's pure-Python wheel and
// pytest's wheels installed into Pyodide, the checkout mounted at /repo.
// Usage: node .ci/pyodide_pytest.mjs PYODIDE_DIR WHEELS_DIR [pytest arguments...]
// Exits with pytest's status. Hypothesis runs the "pyodide" profile (tests/conftest.py
// loads the profile that HYPOTHESIS_PROFILE names): fewer examples per property
// (URIKIT_PYODIDE_EXAMPLES, default 25), as WebAssembly runs Python several times
// slower than CPython.
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
// the specs, seeds and corpus that tests read as ../shared, where the checkout has them
const shared = path.resolve(repo, "..", "shared");
if (fs.existsSync(shared)) {
  py.FS.mkdirTree("/shared");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: shared }, "/shared");
}
py.globals.set("pytest_args", py.toPy(args));
py.globals.set("examples", process.env.URIKIT_PYODIDE_EXAMPLES || "25");
let status;
try {
  status = py.runPython(`
import os, sys
os.chdir("/repo")
import pytest

class PyodideProfile:
    # registered once pytest's assertion rewriting is set up, before conftest.py
    @pytest.hookimpl(tryfirst=True)
    def pytest_load_initial_conftests(self, early_config, parser, args):
        # pyproject.toml's addopts run the suite on every core with pytest-xdist,
        # which WebAssembly cannot (no processes): its "-n auto" is dropped here
        while "-n" in args:
            del args[args.index("-n") : args.index("-n") + 2]
        from hypothesis import HealthCheck, settings
        settings.register_profile(
            "pyodide",
            max_examples=int(examples),
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        )
        os.environ["HYPOTHESIS_PROFILE"] = "pyodide"

print("Python", sys.version.split()[0], "(Pyodide)", sys.platform)
int(pytest.main(list(pytest_args), plugins=[PyodideProfile()]))
`);
} catch (e) {
  // Python's traceback alone: Node would print the minified runtime's source line too
  console.error(String(e.message || e));
  status = 2;
}
process.exit(status);
