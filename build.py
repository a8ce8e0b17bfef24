"""Build, serve and test the Inca Empire site.

    python3 build.py serve   # build dist/ when its sources changed, serve it on http://127.0.0.1:8000
    python3 build.py test    # set up everything and run every test (engine and browser)
    python3 build.py build   # build dist/ only (the Netlify build command)

Each command installs what it needs itself: a virtual environment in `.venv` (pinned by
pyproject.toml extras and requirements-lock.txt), the pinned browser runtime from npm
(`npm ci`, package-lock.json) and, for `test`, Debian's Chromium, Firefox ESR, WebKitGTK driver and
Xvfb when running as root without them.

`dist/` holds the page (`web/`, with its PyScript config written in), the runtime (`pyodide/`,
`pyscript/`), `game.zip` (the shared engine and page modules), `games/<id>.zip` (one game's
engine package and page package `web/games/<id>/`, downloaded when the page needs them: see
web/archives.py) and a service worker whose cache name is a hash of every other file. The
bytecode of the game's modules, and of the standard-library modules Python imports at start-up
(in `pyodide/python_stdlib.zip`), is compiled at build time by the browser's own interpreter
(Pyodide, run with Node), so the page does not compile them from source at every start. The local
server applies the headers of netlify.toml, so what is tested is what Netlify serves.
"""

from __future__ import annotations

import argparse
import contextlib
import fnmatch
import gzip
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import tomllib
import venv
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from email.utils import formatdate, parsedate_to_datetime
from html import escape as html_escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
NETLIFY_TOML = ROOT / "netlify.toml"
PYTHON_LOCK = ROOT / "requirements-lock.txt"
CHROMIUM = Path("/usr/bin/chromium")
#: Debian's package of each browser the tests drive, by the file that shows it is installed:
#: Chromium (Playwright), Firefox ESR (WebDriver BiDi), WebKitGTK's driver (its MiniBrowser comes
#: with libwebkit2gtk) and the virtual display WebKitGTK needs.
DEBIAN_BROWSERS = {
    "chromium": CHROMIUM,
    "firefox-esr": Path("/usr/bin/firefox-esr"),
    "webkit2gtk-driver": Path("/usr/bin/WebKitWebDriver"),
    "xvfb": Path("/usr/bin/Xvfb"),
}
BUILD_STAMP = ROOT / "build" / "site-inputs.sha256"

BOARD_MARKER = "<!-- prerendered-board -->"
# Replaced by a modulepreload of the PyScript chunk that pyscript/core.js imports (its name has a
# content hash), so both download at once.
CHUNK_MARKER = "<!-- pyscript-chunk-preload -->"
# Replaced by the list of games with a page (`games/<id>.zip`): boot.js preloads the archive of
# the game a start link names (else the default game's), so a cold load fetches one game's code.
GAMES_MARKER = "<!-- game-archives -->"
# The placeholder of the page's PyScript config attribute: the build writes the config itself
# there, which saves a request before Python can start.
CONFIG_ATTRIBUTE = 'config="build.py:pyscript-config"'
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# PyScript's own optional service worker (synchronous calls from workers without cross-origin
# isolation) is left out: the page runs Python on the main thread and has its own service worker.
PYSCRIPT_SKIPPED = ("service-worker.js",)
SERVICE_WORKER = "sw.js"
SW_PRECACHE_LINE = re.compile(r"^const PRECACHE = .*;$", re.MULTILINE)
# Zip timestamps of the wheel, so the same sources give the same bytes (and the same cache name).
SOURCE_DATE_EPOCH = "315532800"
# The page's Python (engine package, page modules, their bytecode): PyScript writes it into
# Python's working directory and main.py imports from it in place (zipimport), so nothing is
# unpacked. main.py stays a separate file: PyScript runs it as the page's script.
GAME_ARCHIVE = "game.zip"
#: Folder of the per-game archives `<id>.zip` (each game's engine package and page modules).
GAMES_FOLDER = "games"
STDLIB_ZIP = "python_stdlib.zip"
# PyScript's interpreter module (web/pyodide/, beside the runtime): Pyodide started from a memory
# snapshot kept on the device when there is a good one; build.py writes the snapshots' key in.
PYTHON_START = "pystart.mjs"
SNAPSHOT_KEY_MARKER = "build.py:snapshot-key"
# Standard-library parts left out of the shipped python_stdlib.zip (0.7 MB gzip), as shell-style
# patterns over module paths (a top-level name leaves out the whole package): they need
# processes, sockets or a terminal, which a browser page does not give Python; they are test,
# debugging and REPL tools; or they read formats the games never meet (mail, XML, HTTP, tar
# archives, and the single-byte code pages: the page decodes UTF-8 only). Nothing Pyodide,
# PyScript or the page imports is among them (compile_python fails the build otherwise).
STDLIB_LEFT_OUT = (
    "multiprocessing", "pty", "tty", "getpass", "webbrowser",  # processes, terminal, browser
    "ftplib", "imaplib", "poplib", "smtplib", "socketserver", "wsgiref", "xmlrpc",  # sockets
    "_pyrepl", "unittest", "doctest", "pdb", "bdb", "pydoc", "profile", "cProfile", "pstats",
    "trace", "tabnanny", "pyclbr", "compileall", "modulefinder", "zipapp",  # tools
    "__hello__", "__phello__", "antigravity", "this",  # demos
    "email", "mailbox", "xml", "plistlib", "http", "tarfile", "pickletools", "optparse",  # formats
    "encodings/cp[0-9]*", "encodings/iso8859_*", "encodings/mac_*", "encodings/koi8_*",
    "encodings/hp_roman8", "encodings/kz1048", "encodings/palmos", "encodings/ptcp154",
    "encodings/tis_620",  # code pages
)
#: Kept although a pattern above matches: zipfile reads names in code page 437.
STDLIB_KEPT = ("encodings/cp437",)


def stdlib_left_out(entry: str) -> bool:
    """Whether the runtime's python_stdlib.zip entry ``entry`` stays out of the site."""
    module = entry.removesuffix("/").removesuffix(".py")
    top = module.split("/")[0]
    if module in STDLIB_KEPT:
        return False
    return any(fnmatch.fnmatchcase(top, p) or fnmatch.fnmatchcase(module, p)
               for p in STDLIB_LEFT_OUT)


def log(message: str) -> None:
    print(f"build.py: {message}", file=sys.stderr, flush=True)


def run(*args: object, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], check=True, **kwargs)


# --- set-up -----------------------------------------------------------------------------------


def ensure_venv(extras: str) -> Path:
    """The virtual environment's interpreter, with the project installed with `extras`."""
    python = VENV / "bin" / "python"
    if not python.exists():
        log(f"creating {VENV.name}")
        venv.EnvBuilder(with_pip=True).create(VENV)
    pins = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + PYTHON_LOCK.read_bytes())
    stamp = VENV / "inca-installed.txt"
    installed = [line.split() for line in stamp.read_text().splitlines()] if stamp.exists() else []
    wanted = set(extras.split(","))
    if any(digest == pins.hexdigest() and wanted <= set(done.split(","))
           for done, digest in installed):
        return python
    log(f"installing the project with [{extras}] into {VENV.name}")
    # PIP_CONSTRAINT also pins the build backend pip fetches for the editable install.
    env = {**os.environ, "PIP_CONSTRAINT": str(PYTHON_LOCK)}
    run(python, "-m", "pip", "install", "-q", "--disable-pip-version-check",
        "-e", f"{ROOT}[{extras}]", env=env)
    with stamp.open("a") as f:
        f.write(f"{extras} {pins.hexdigest()}\n")
    return python


def npm_lock_versions() -> dict[str, str]:
    """npm package name -> the exact version package-lock.json pins: the runtime
    (``dependencies``, copied into dist/) and the test tools (``devDependencies``: axe-core,
    which the browser tests inject; never copied)."""
    lock = json.loads((ROOT / "package-lock.json").read_text())
    manifest = json.loads((ROOT / "package.json").read_text())
    return {
        name: lock["packages"][f"node_modules/{name}"]["version"]
        for group in ("dependencies", "devDependencies")
        for name in manifest.get(group, {})
    }


def ensure_node_modules() -> None:
    """Install the pinned runtime with `npm ci` unless node_modules already holds those versions."""
    def installed(name: str) -> str | None:
        manifest = NODE_MODULES / name / "package.json"
        return json.loads(manifest.read_text())["version"] if manifest.exists() else None

    if all(installed(n) == v for n, v in npm_lock_versions().items()):
        return
    if not shutil.which("npm"):
        sys.exit("build.py: npm is needed (Node >= 20 with npm) to install the pinned runtime")
    log("npm ci (pinned pyodide, @pyscript/core and axe-core)")
    run("npm", "ci", "--no-audit", "--no-fund", cwd=ROOT)


def check_runtime_pair() -> None:
    """Fail unless the pinned Pyodide is the release line @pyscript/core was built against."""
    pinned = npm_lock_versions()["pyodide"]
    default = re.compile(r'type:"pyodide",module:\(\w+="([\d.]+)"')
    chunks = (NODE_MODULES / "@pyscript/core/dist").glob("core*.js")
    found = {version for chunk in chunks for version in default.findall(chunk.read_text())}
    if not found:
        sys.exit("build.py: cannot find the Pyodide version @pyscript/core expects")
    expected = found.pop()
    if expected.split(".")[:2] != pinned.split(".")[:2]:
        sys.exit(f"build.py: @pyscript/core expects Pyodide {expected}, package.json pins {pinned}")


def ensure_browsers() -> None:
    """The browsers of the browser tests: Debian's packages of `DEBIAN_BROWSERS` installed with
    apt when root (one `apt-get update` first); without apt, Playwright's own Chromium where
    Debian's is missing (Firefox and WebKit are then reported missing by their tests)."""
    absent = [package for package, path in DEBIAN_BROWSERS.items() if not path.exists()]
    if not absent:
        return
    if os.geteuid() == 0 and shutil.which("apt-get"):
        log(f"installing Debian's {' '.join(absent)} with apt-get")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        run("apt-get", "update", "-q", env=env)
        run("apt-get", "install", "-y", "-q", *absent, env=env)
        return
    if not CHROMIUM.exists():
        log(f"{CHROMIUM} is missing and apt is not usable; trying Playwright's own Chromium")
        run(VENV / "bin" / "python", "-m", "playwright", "install", "chromium")


# --- building ---------------------------------------------------------------------------------


def build_wheel(python: Path, out: Path) -> Path:
    """The engine wheel, built by pypa `build` (sdist, then the wheel from the sdist)."""
    env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
    # -P: pypa's `build`, not this file, whatever the working directory.
    result = subprocess.run(
        [str(python), "-P", "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        env=env, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"build.py: building the wheel failed:\n{result.stdout}\n{result.stderr}")
    (wheel,) = out.glob("*.whl")
    return wheel


def prerender_board(python: Path, wheel: Path) -> str:
    """The opening 4-player board as SVG, drawn by the built wheel's `render_board_svg`."""
    with tempfile.TemporaryDirectory() as unpacked:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(unpacked)
        code = (
            "import sys; sys.path.insert(0, sys.argv[1]); import inca_core; "
            "sys.stdout.write(inca_core.render_board_svg(inca_core.board_for(4)))"
        )
        result = subprocess.run([str(python), "-I", "-c", code, unpacked],
                                capture_output=True, text=True, cwd=unpacked)
    if result.returncode != 0:
        sys.exit(f"build.py: pre-rendering the board failed:\n{result.stderr}")
    svg = result.stdout.strip()
    if not svg.startswith("<svg"):
        sys.exit("build.py: render_board_svg did not return an <svg> element")
    return svg


def core_chunk(site: Path) -> str:
    """The site path of the chunk that pyscript/core.js re-exports."""
    (name,) = re.findall(r'from"\./(core-[\w-]+\.js)"', (site / "pyscript/core.js").read_text())
    return f"pyscript/{name}"


def pyscript_config() -> dict:
    """PyScript's config: our Pyodide, and the game's Python as one file (see main.py)."""
    return {"interpreter": f"./pyodide/{PYTHON_START}",
            "files": {f"./{GAME_ARCHIVE}": f"./{GAME_ARCHIVE}"}}


def write_snapshot_key(site: Path) -> None:
    """Name the memory snapshots `pyodide/pystart.mjs` keeps after what a snapshot holds: a hash
    of the runtime's files and of `game.zip` (a new deploy of either never restores an old one)."""
    start = site / "pyodide" / PYTHON_START
    source = start.read_text()
    if source.count(SNAPSHOT_KEY_MARKER) != 1:
        sys.exit(f"build.py: web/pyodide/{PYTHON_START} needs exactly one {SNAPSHOT_KEY_MARKER}")
    digest = hashlib.sha256()
    for path in [*site_files(site / "pyodide"), site / GAME_ARCHIVE]:
        if path != start:
            digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    start.write_text(source.replace(SNAPSHOT_KEY_MARKER, digest.hexdigest()[:16]))


# Runs in Pyodide under Node (see compile_python). /job holds the input: the runtime's
# python_stdlib.zip, the unpacked wheel (engine/), the page modules (web/) and left-out.json
# (its entries that stdlib_left_out leaves out); it writes /job/out/python_stdlib.zip and the
# game archives. Importing the page modules (with a stand-in for PyScript's `pyscript` module,
# which exists only in a page: page modules must import without a page) shows which
# standard-library modules a start imports: those are replaced by their bytecode (sourceless
# .pyc, which zipimport loads first; compiled with docstrings and asserts stripped, like
# `python -OO`, to keep the download small), the rest stay source. The game archives hold every
# source with its bytecode beside it (compiled as is; zipimport loads the .pyc and finds the
# source for tracebacks). All bytecode is unchecked-hash, so no timestamps are compared, and zip
# entries carry a fixed date: the same inputs give the same bytes.
COMPILE_PY = r'''
import importlib
import importlib.util
import json
import os
import sys
import types
import zipfile
import zipimport
from importlib._bootstrap_external import _code_to_hash_pyc

DATE = (1980, 1, 1, 0, 0, 0)
STDLIB = next(p for p in sys.path if p.endswith(".zip"))


def bytecode(source, filename, optimize=0):
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def entry(name, data, zf):
    info = zipfile.ZipInfo(name, DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = (0o40755 if name.endswith("/") else 0o100644) << 16
    zf.writestr(info, data, compresslevel=9)


def files_under(root):
    found = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        found += [os.path.relpath(os.path.join(folder, n), root) for n in names]
    return sorted(found)


page = ["/job/web", "/job/engine"]
sys.path[:0] = page
def anything(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return Anything()


class Anything:
    """Stands for any object PyScript gives the page (document, window, ...)."""

    def __getattr__(self, name):
        return anything(name)

    def __call__(self, *args, **kwargs):
        return Anything()


stand_in = types.ModuleType("pyscript")
stand_in.__getattr__ = anything
sys.modules["pyscript"] = stand_in
for rel in files_under("/job/web"):
    if rel.endswith(".py"):
        importlib.import_module(rel[:-3].removesuffix("/__init__").replace("/", "."))
started = {m.__file__[len(STDLIB) + 1:] for m in list(sys.modules.values())
           if (getattr(m, "__file__", None) or "").startswith(STDLIB + "/")}
left_out = set(json.load(open("/job/left-out.json")))
missing = sorted(f for f in started if not f.endswith(".py") or f in left_out)
if missing:
    raise SystemExit(f"start-up modules that are not source or are left out: {missing}")

os.makedirs("/job/out", exist_ok=True)
with zipfile.ZipFile("/job/python_stdlib.zip") as stdlib, \
        zipfile.ZipFile("/job/out/python_stdlib.zip", "w") as out:
    for info in stdlib.infolist():
        if info.filename in left_out:
            continue
        data = stdlib.read(info)
        if info.filename in started:
            entry(info.filename + "c", bytecode(data, f"{STDLIB}/{info.filename}", 2), out)
        else:
            entry(info.filename, data, out)

games = json.load(open("/job/games.json"))


def archive_of(root, rel):
    """game.zip, or games/<id>.zip for inca_core/<id>/... and web/games/<id>/..."""
    parts = rel.split("/")
    package = "inca_core" if root == "/job/engine" else "games"
    game = parts[1] if len(parts) > 2 and parts[0] == package else ""
    return f"games/{game}.zip" if game in games else "game.zip"


os.makedirs("/job/out/games", exist_ok=True)
archives = {}
for root in page:
    for rel in files_under(root):
        name = archive_of(root, rel)
        if name not in archives:
            archives[name] = zipfile.ZipFile(os.path.join("/job/out", name), "w")
        with open(os.path.join(root, rel), "rb") as f:
            data = f.read()
        entry(rel, data, archives[name])
        if rel.endswith(".py"):
            where = os.path.join(os.path.expanduser("~"), name, rel)  # in the page
            entry(rel + "c", bytecode(data, where), archives[name])
for archive in archives.values():
    archive.close()

for name in sorted(started):  # each loads from the new zip
    folder, _, leaf = name[:-3].removesuffix("/__init__").rpartition("/")
    zipimport.zipimporter(os.path.join("/job/out/python_stdlib.zip", folder)).get_code(leaf)
print(f"{len(started)} standard-library modules as bytecode")
'''

# Loads the pinned Pyodide in Node, mounts the job folder and runs COMPILE_PY there.
COMPILE_JS = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [runtime, job] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const log = (line) => process.stderr.write(`${line}\\n`);
const pyodide = await loadPyodide({
  indexURL: `${runtime}/`, env: { PYTHONHASHSEED: "0" }, stdout: log, stderr: log,
});
pyodide.FS.mkdirTree("/job");
pyodide.mountNodeFS("/job", job);
pyodide.runPython(readFileSync(`${job}/compile.py`, "utf8"));
"""


def write_lock_file(target: Path) -> None:
    """Pyodide's lock file with its `info` only: npm's pyodide ships none of the 350 packages
    the full file lists (26 kB gzip), and the page installs none."""
    lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    target.write_text(json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True) + "\n")


def game_packages() -> list[str]:
    """Game packages of the engine (``inca_core/<id>/spec.py``)."""
    return sorted(spec.parent.name for spec in (ROOT / "inca_core").glob("*/spec.py"))


def games_with_a_page() -> list[str]:
    """Games with a view on the page (``web/games/<id>/view.py``): each goes into its own
    `games/<id>.zip`."""
    return [game for game in game_packages() if (WEB / "games" / game / "view.py").exists()]


def games_without_a_page() -> list[str]:
    """Games with no view on the page yet: their code stays out of the site until they do."""
    return [game for game in game_packages() if game not in games_with_a_page()]


#: Type stubs of the browser objects, for mypy only (never shipped).
STUBS = WEB / "stubs"


def page_modules() -> list[Path]:
    """The page's Python modules that go into the archives: the shell's (``web/*.py``) and
    each game's package (``web/games/<id>/``); main.py is PyScript's script."""
    return sorted(p for p in WEB.rglob("*.py")
                  if p.name != "main.py" and "__pycache__" not in p.parts
                  and not p.is_relative_to(STUBS))


def compile_python(wheel: Path, site: Path) -> None:
    """Write `site/game.zip` and `site/pyodide/python_stdlib.zip` with bytecode (COMPILE_PY)."""
    if not shutil.which("node"):
        sys.exit("build.py: node is needed (Node >= 20) to compile the Python bytecode")
    with tempfile.TemporaryDirectory(prefix="inca-pyc-") as job:
        job = Path(job)
        (job / "compile.py").write_text(COMPILE_PY)
        shutil.copyfile(NODE_MODULES / "pyodide" / STDLIB_ZIP, job / STDLIB_ZIP)
        with zipfile.ZipFile(job / STDLIB_ZIP) as stdlib:
            left_out = [name for name in stdlib.namelist() if stdlib_left_out(name)]
        (job / "left-out.json").write_text(json.dumps(left_out))
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(job / "engine")
        for game_id in games_without_a_page():
            shutil.rmtree(job / "engine" / "inca_core" / game_id)
        (job / "games.json").write_text(json.dumps(games_with_a_page()))
        (job / "web").mkdir()
        for path in page_modules():
            target = job / "web" / path.relative_to(WEB)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        result = subprocess.run(
            ["node", "--input-type=module", "-e", COMPILE_JS, str(NODE_MODULES / "pyodide"),
             str(job)], capture_output=True, text=True)
        if result.returncode != 0:
            # Node prints the (minified, huge) source line of the failing call: leave it out.
            report = "\n".join(line for line in result.stderr.splitlines() if len(line) < 500)
            sys.exit(f"build.py: compiling the Python bytecode failed:\n{report[-4000:]}")
        shutil.copyfile(job / "out" / STDLIB_ZIP, site / "pyodide" / STDLIB_ZIP)
        shutil.copyfile(job / "out" / GAME_ARCHIVE, site / GAME_ARCHIVE)
        shutil.copytree(job / "out" / GAMES_FOLDER, site / GAMES_FOLDER)


def site_files(root: Path) -> Iterator[Path]:
    """Every file under `root`, sorted by relative path."""
    return iter(sorted((p for p in root.rglob("*") if p.is_file()),
                       key=lambda p: p.relative_to(root).as_posix()))


def cache_name(root: Path) -> str:
    """The service worker's cache name: a hash of every file's path and bytes but the worker's."""
    digest = hashlib.sha256()
    for path in site_files(root):
        rel = path.relative_to(root).as_posix()
        if rel == SERVICE_WORKER:
            continue
        digest.update(rel.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return "inca-" + digest.hexdigest()[:16]


def write_service_worker(root: Path, template: Path) -> str:
    """Write `root/sw.js` from `template` with `root`'s precache list; return the cache name."""
    files = [p.relative_to(root).as_posix() for p in site_files(root)]
    files = [f for f in files if f != SERVICE_WORKER]
    name = cache_name(root)
    precache = json.dumps({"cache": name, "files": files}, separators=(",", ":"))
    source = template.read_text()
    if len(SW_PRECACHE_LINE.findall(source)) != 1:
        sys.exit(f"build.py: {template} needs exactly one line `const PRECACHE = ...;`")
    (root / SERVICE_WORKER).write_text(
        SW_PRECACHE_LINE.sub(lambda _: f"const PRECACHE = {precache};", source))
    return name


def copy_tree(source: Path, target: Path, skip: tuple[str, ...] = ()) -> None:
    for path in site_files(source):
        rel = path.relative_to(source)
        if ("__pycache__" in rel.parts or rel.suffix == ".map" or rel.as_posix() in skip
                or rel.parts[0] in skip):
            continue
        (target / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target / rel)


def build_site(python: Path, out: Path = DIST) -> Path:
    """Assemble the static site in `out` (replaced as a whole) and return it."""
    ensure_node_modules()
    check_runtime_pair()
    index = WEB / "index.html"
    if not index.exists():
        sys.exit("build.py: web/index.html is missing")
    html = index.read_text()
    for marker in (BOARD_MARKER, CHUNK_MARKER, CONFIG_ATTRIBUTE):
        if html.count(marker) != 1:
            sys.exit(f"build.py: web/index.html needs exactly one {marker}")
    with tempfile.TemporaryDirectory(prefix="inca-build-") as scratch:
        scratch = Path(scratch)
        wheel = build_wheel(python, scratch / "wheel")
        svg = prerender_board(python, wheel)
        site = scratch / "site"
        copy_tree(WEB, site, skip=(SERVICE_WORKER, STUBS.name,
                                   *(p.relative_to(WEB).as_posix() for p in page_modules())))
        copy_tree(NODE_MODULES / "@pyscript/core/dist", site / "pyscript", skip=PYSCRIPT_SKIPPED)
        (site / "pyodide").mkdir(exist_ok=True)  # web/pyodide/ holds the start-up modules
        for name in PYODIDE_FILES:
            shutil.copyfile(NODE_MODULES / "pyodide" / name, site / "pyodide" / name)
        write_lock_file(site / "pyodide" / "pyodide-lock.json")
        compile_python(wheel, site)
        write_snapshot_key(site)
        config = json.dumps(pyscript_config(), separators=(",", ":"))
        (site / "index.html").write_text(
            html.replace(BOARD_MARKER, svg)
            .replace(CHUNK_MARKER, f'<link rel="modulepreload" href="{core_chunk(site)}">')
            .replace(GAMES_MARKER,
                     f'<meta name="game-archives" content="{" ".join(games_with_a_page())}">')
            .replace(CONFIG_ATTRIBUTE, f'config="{html_escape(config)}"'))
        name = write_service_worker(site, WEB / SERVICE_WORKER)
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(site, out)
    log(f"built {out} (cache {name})")
    return out


def input_digest() -> str:
    """A hash of everything a build reads, to skip rebuilding an up-to-date dist/."""
    digest = hashlib.sha256()
    sources = [ROOT / name for name in (
        "build.py", "pyproject.toml", "package-lock.json", "README.md")]  # README: wheel metadata
    sources += list(site_files(WEB)) + list(site_files(ROOT / "inca_core"))
    for path in sources:
        if "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def build_if_needed(python: Path) -> Path:
    digest = input_digest()
    if DIST.exists() and BUILD_STAMP.exists() and BUILD_STAMP.read_text() == digest:
        log("dist/ is up to date")
        return DIST
    build_site(python, DIST)
    BUILD_STAMP.parent.mkdir(exist_ok=True)
    BUILD_STAMP.write_text(digest)
    return DIST


# --- serving ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class HeaderRule:
    """One `[[headers]]` table of netlify.toml: a `for` path pattern and its header values."""

    pattern: re.Pattern[str]
    source: str
    values: dict[str, str]


def netlify_path_regex(for_path: str) -> re.Pattern[str]:
    """Netlify's matching of a `for` path (as in netlify/build's headers-parser)."""
    parts = []
    for part in filter(None, (p.rstrip() for p in for_path.split("/"))):
        if part.startswith(":"):
            parts.append("([^/]+)")
        elif part == "*":
            parts.append("?(.*)")
        elif "*" in part:
            parts.append("(.*)".join(re.escape(piece) for piece in part.split("*")))
        else:
            parts.append(re.escape(part))
    return re.compile(f"^/{'/'.join(parts)}/?$", re.IGNORECASE)


def netlify_header_rules(path: Path = NETLIFY_TOML) -> list[HeaderRule]:
    """The `[[headers]]` rules of netlify.toml."""
    config = tomllib.loads(path.read_text())
    return [
        HeaderRule(netlify_path_regex(rule["for"].strip()), rule["for"].strip(),
                   {k.strip(): netlify_header_value(v) for k, v in rule["values"].items()})
        for rule in config.get("headers", [])
    ]


def netlify_header_value(raw: str | list[str]) -> str:
    """A header value normalised as Netlify does: trimmed, commas as ", ", lists joined."""
    if isinstance(raw, list):
        return ", ".join(item.strip() for item in raw)
    return ", ".join(re.split(r"\s*,\s*", raw.strip()))


def headers_for(url_path: str, rules: list[HeaderRule]) -> dict[str, str]:
    """The custom headers Netlify adds to `url_path`; fails if two rules set the same header."""
    headers: dict[str, str] = {}
    origin: dict[str, str] = {}
    for rule in rules:
        if rule.pattern.match(url_path):
            for name, value in rule.values.items():
                if name.lower() in origin:
                    raise ValueError(f"{url_path}: {name} set by both {origin[name.lower()]!r} "
                                     f"and {rule.source!r} in netlify.toml")
                origin[name.lower()] = rule.source
                headers[name] = value
    return headers


CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".py": "text/x-python; charset=utf-8",
    ".zip": "application/zip",
    ".whl": "application/zip",
}
# What the host must compress (Netlify does for these types): everything but the PNG icons and
# the wheel (already deflated). python_stdlib.zip is stored uncompressed, so it shrinks a lot.
COMPRESSED_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".svg",
                       ".py", ".zip"}
DEFAULT_CACHE_CONTROL = "public, max-age=0, must-revalidate"  # Netlify's default


class SiteServer(http.server.ThreadingHTTPServer):
    """Serves a built site the way Netlify does: its headers, types, gzip, revalidation."""

    daemon_threads = True

    def __init__(self, root: Path, port: int = 0, rules: list[HeaderRule] | None = None,
                 quiet: bool = True):
        self.root = root.resolve()
        self.rules = netlify_header_rules() if rules is None else rules
        self.quiet = quiet
        self.bytes_sent = 0
        self.requests: list[str] = []
        self._gzip_cache: dict[tuple[Path, float], bytes] = {}
        self._lock = threading.Lock()
        super().__init__(("127.0.0.1", port), SiteHandler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"

    def gzipped(self, path: Path, mtime: float) -> bytes:
        key = (path, mtime)
        with self._lock:
            if key not in self._gzip_cache:
                self._gzip_cache[key] = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
            return self._gzip_cache[key]

    def count(self, path: str, sent: int) -> None:
        with self._lock:
            self.bytes_sent += sent
            self.requests.append(path)

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # browsers drop idle connections
            super().handle_error(request, client_address)

    def start(self) -> SiteServer:
        """Serve in a background thread; returns self."""
        threading.Thread(target=self.serve_forever, daemon=True).start()
        return self


class SiteHandler(http.server.BaseHTTPRequestHandler):
    server: SiteServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        if not self.server.quiet:
            super().log_message(format, *args)

    def do_HEAD(self) -> None:
        self.respond(head=True)

    def do_GET(self) -> None:
        self.respond(head=False)

    def resolve(self, url_path: str) -> Path | None:
        rel = url_path.lstrip("/")
        if rel == "" or rel.endswith("/"):
            rel += "index.html"
        target = (self.server.root / rel).resolve()
        if not target.is_relative_to(self.server.root) or not target.is_file():
            return None
        return target

    def respond(self, head: bool) -> None:
        url_path = self.path.split("?", 1)[0].split("#", 1)[0]
        target = self.resolve(url_path)
        extra = headers_for(url_path, self.server.rules)
        if target is None:
            self.send_body(404, b"Not found\n", "text/plain; charset=utf-8", extra, head)
            return
        stat = target.stat()
        extra.setdefault("Cache-Control", DEFAULT_CACHE_CONTROL)
        extra["Last-Modified"] = formatdate(stat.st_mtime, usegmt=True)
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                if int(stat.st_mtime) <= parsedate_to_datetime(since).timestamp():
                    self.send_body(304, b"", None, extra, head=True)
                    return
            except (TypeError, ValueError):
                pass
        content_type = CONTENT_TYPES.get(target.suffix, "application/octet-stream")
        if target.suffix in COMPRESSED_SUFFIXES:
            extra["Vary"] = "Accept-Encoding"
            if "gzip" in self.headers.get("Accept-Encoding", ""):
                extra["Content-Encoding"] = "gzip"
                body = self.server.gzipped(target, stat.st_mtime)
                self.send_body(200, body, content_type, extra, head)
                return
        self.send_body(200, target.read_bytes(), content_type, extra, head)

    def send_body(self, status: int, body: bytes, content_type: str | None,
                  extra: dict[str, str], head: bool) -> None:
        self.send_response(status)
        if content_type and "content-type" not in {name.lower() for name in extra}:
            self.send_header("Content-Type", content_type)
        for name, value in extra.items():
            self.send_header(name, value)
        if status != 304:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head and status != 304:
            self.wfile.write(body)
            self.server.count(self.path, len(body))
        else:
            self.server.count(self.path, 0)


# --- commands ---------------------------------------------------------------------------------


def command_build(_: argparse.Namespace) -> int:
    build_site(ensure_venv("build"))
    return 0


def command_serve(args: argparse.Namespace) -> int:
    root = build_if_needed(ensure_venv("build"))
    try:
        server = SiteServer(root, port=args.port, quiet=False)
    except OSError as error:
        sys.exit(f"build.py: cannot serve on 127.0.0.1:{args.port} ({error.strerror}); "
                 "try --port")
    print(f"Serving {root} on {server.url} (Ctrl+C to stop)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


def command_test(args: argparse.Namespace) -> int:
    python = ensure_venv("test,browser,build")
    ensure_node_modules()
    ensure_browsers()
    env = {**os.environ, "INCA_REQUIRE_BROWSER": "1"}
    lint = subprocess.run([str(python), "-m", "ruff", "check", "."], cwd=ROOT).returncode
    types = subprocess.run([str(python), "-m", "mypy"], cwd=ROOT).returncode
    tests = subprocess.run([str(python), "-m", "pytest", "-q", *args.pytest_args],
                           cwd=ROOT, env=env).returncode
    return tests or lint or types


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("build", help="build dist/").set_defaults(func=command_build)
    serve = commands.add_parser("serve", help="build when needed and serve dist/")
    serve.add_argument("--port", type=int, default=8000)
    serve.set_defaults(func=command_serve)
    test = commands.add_parser("test", help="set up and run every test (extra args go to pytest)")
    test.set_defaults(func=command_test)
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.pytest_args = extra
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
