"""Firefox and WebKit driven as a person uses them, through the stock browsers' own WebDriver.

Playwright drives Chromium only here (its own Firefox and WebKit builds cannot be downloaded, and
it cannot drive the stock ones), so these tests use the W3C protocols the stock browsers speak:

- **Firefox** (Debian's ``firefox-esr``, headless): WebDriver BiDi, which Firefox serves itself
  (``--remote-debugging-port``: no geckodriver), spoken over ``websocket-client``;
- **WebKit** (WebKitGTK's MiniBrowser with ``--automation``): WebDriver classic through
  ``/usr/bin/WebKitWebDriver`` and Selenium, on an Xvfb display.

Both give the same small :class:`Tab` interface: load, evaluate a JavaScript function with JSON
arguments and result, a real pointer click at a point of the viewport, a file chosen for a file
input; each browser's ``new_device()`` opens a tab with storage of its own. ``missing(name)``
says why a browser cannot run here (``None`` when it can).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import queue
import re
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sitebuild import build

FIREFOX = build.DEBIAN_BROWSERS["firefox-esr"]
WEBKIT_DRIVER = build.DEBIAN_BROWSERS["webkit2gtk-driver"]
XVFB = build.DEBIAN_BROWSERS["xvfb"]
#: WebKitGTK's test browser (Debian's libwebkit2gtk-4.1-0, which webkit2gtk-driver needs).
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
VIEWPORT = (1440, 900)
BROWSERS = ("firefox", "webkit")

#: Firefox preferences of a test profile: no first-run pages, updates, telemetry or other
#: requests of the browser's own (everything must stay on 127.0.0.1), downloads saved without
#: asking into the profile's ``downloads`` folder.
FIREFOX_PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "extensions.update.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.download.folderList": 2,
    "browser.download.useDownloadDir": True,
    "browser.download.always_ask_before_handling_new_types": False,
    "browser.download.start_downloads_in_tmp_dir": False,
    "browser.download.panel.shown": True,
}


def _wrapped(fn: str) -> str:
    """A function of one JSON text that calls ``fn`` (a JavaScript function's source) with the
    arguments it holds and returns the result as JSON text: both protocols pass plain values."""
    return f"async (args) => JSON.stringify((await ({fn})(...JSON.parse(args))) ?? null)"


def missing(name: str) -> str | None:
    """Why browser ``name`` cannot run on this machine, or None."""
    needed = {"firefox": [FIREFOX], "webkit": [WEBKIT_DRIVER, MINIBROWSER, XVFB]}[name]
    absent = [str(p) for p in needed if not p.exists()]
    if absent:
        return f"{name}: {', '.join(absent)} not installed (python3 build.py test installs them)"
    if name == "webkit":
        try:
            import selenium  # noqa: F401
        except ImportError:
            return "webkit: the selenium package is missing (python3 build.py test installs it)"
    else:
        try:
            import websocket  # noqa: F401
        except ImportError:
            return "firefox: websocket-client is missing (python3 build.py test installs it)"
    return None


class Tab:
    """One page of a browser: what the tests do with it."""

    name = ""

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def call(self, fn: str, *args: Any) -> Any:
        """The JSON value of JavaScript function ``fn`` (source text) called with ``args``."""
        raise NotImplementedError

    def click_at(self, x: float, y: float) -> None:
        """A real mouse click (move, press, release) at viewport point (x, y)."""
        raise NotImplementedError

    def choose_file(self, selector: str, path: Path) -> None:
        """Choose ``path`` in the file input ``selector``, as the file picker does."""
        raise NotImplementedError

    def downloads(self) -> list[Path]:
        """Files the browser saved from downloads so far."""
        raise NotImplementedError

    def close(self) -> None:
        """Close the tab and drop its storage."""
        raise NotImplementedError

    def wait(self, fn: str, *args: Any, timeout: float = 60.0) -> Any:
        """Poll ``fn`` until it returns a true value (which is returned); fail after ``timeout``."""
        end = time.monotonic() + timeout
        while True:
            with contextlib.suppress(DriverError):  # a page navigating meanwhile
                value = self.call(fn, *args)
                if value:
                    return value
            if time.monotonic() > end:
                raise AssertionError(f"{self.name}: timed out after {timeout} s waiting for {fn}")
            time.sleep(0.1)


class DriverError(RuntimeError):
    """The browser refused a command (a page that went away, a script that threw)."""


# --- Firefox: WebDriver BiDi -------------------------------------------------------------------


class BidiConnection:
    """A WebDriver BiDi session over a websocket: commands by id, events kept."""

    def __init__(self, url: str) -> None:
        import websocket

        self._socket = websocket.create_connection(url, timeout=120, suppress_origin=True)
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self.events: queue.Queue[dict] = queue.Queue()
        self.send("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": True}}})

    def send(self, method: str, params: dict) -> dict:
        with self._lock:
            number = next(self._ids)
            self._socket.send(json.dumps({"id": number, "method": method, "params": params}))
            while True:
                message = json.loads(self._socket.recv())
                if message.get("type") == "event":
                    self.events.put(message)
                elif message.get("id") == number:
                    break
        if message.get("type") == "error":
            raise DriverError(f"{method}: {message.get('error')}: {message.get('message')}")
        return message["result"]

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.send("session.end", {})
        self._socket.close()


class FirefoxBrowser:
    """Debian's Firefox ESR, headless, in a profile of its own, driven over WebDriver BiDi."""

    def __init__(self) -> None:
        self.profile = Path(tempfile.mkdtemp(prefix="inca-firefox-"))
        self.download_dir = self.profile / "downloads"
        self.download_dir.mkdir()
        prefs = {**FIREFOX_PREFS, "browser.download.dir": str(self.download_dir)}
        (self.profile / "user.js").write_text("".join(
            f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items()))
        self.process = subprocess.Popen(
            [str(FIREFOX), "--headless", "--no-remote", "--profile", str(self.profile),
             "--remote-debugging-port", "0", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"})
        url = self._listening_url()
        self.bidi = BidiConnection(url + "/session")
        self.bidi.send("session.subscribe", {"events": ["log.entryAdded"]})
        self.errors: list[str] = []
        self.active = ""  # the tab in front: a tab behind gets no animation frames

    def _listening_url(self) -> str:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                threading.Thread(target=self.process.stderr.read, daemon=True).start()
                return found.group(1)
        raise RuntimeError("Firefox exited before WebDriver BiDi listened")

    def new_device(self) -> FirefoxTab:
        """A tab in a user context of its own (storage, cache and service workers apart)."""
        user = self.bidi.send("browser.createUserContext", {})["userContext"]
        context = self.bidi.send("browsingContext.create",
                                 {"type": "tab", "userContext": user})["context"]
        return FirefoxTab(self, context, user)

    def console_errors(self) -> list[str]:
        while not self.bidi.events.empty():
            event = self.bidi.events.get()
            params = event.get("params", {})
            if event.get("method") == "log.entryAdded" and params.get("level") == "error":
                self.errors.append(params.get("text", ""))
        return self.errors

    def close(self) -> None:
        self.bidi.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


class FirefoxTab(Tab):
    name = "firefox"

    def __init__(self, browser: FirefoxBrowser, context: str, user: str) -> None:
        self.browser, self.context, self.user = browser, context, user
        self.bidi = browser.bidi
        width, height = VIEWPORT
        self.bidi.send("browsingContext.setViewport",
                       {"context": context, "viewport": {"width": width, "height": height}})

    def _front(self) -> None:
        """Bring this tab to the front (each device has its own screen)."""
        if self.browser.active != self.context:
            self.bidi.send("browsingContext.activate", {"context": self.context})
            self.browser.active = self.context

    def goto(self, url: str) -> None:
        self._front()
        self.bidi.send("browsingContext.navigate",
                       {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self._front()
        self.bidi.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def _call(self, fn: str, args: list[dict], ownership: str = "none") -> dict:
        self._front()
        result = self.bidi.send("script.callFunction", {
            "functionDeclaration": fn, "arguments": args, "awaitPromise": True,
            "target": {"context": self.context}, "resultOwnership": ownership})
        if result.get("type") == "exception":
            details = result["exceptionDetails"]
            raise DriverError(f"script threw: {details.get('text')}")
        return result["result"]

    def call(self, fn: str, *args: Any) -> Any:
        text = {"type": "string", "value": json.dumps(args)}
        return json.loads(self._call(_wrapped(fn), [text])["value"])

    def click_at(self, x: float, y: float) -> None:
        self._front()
        self.bidi.send("input.performActions", {"context": self.context, "actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "x": round(x), "y": round(y), "origin": "viewport"},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
            ]}]})

    def choose_file(self, selector: str, path: Path) -> None:
        node = self._call("(s) => document.querySelector(s)",
                          [{"type": "string", "value": selector}], ownership="root")
        self.bidi.send("input.setFiles", {"context": self.context,
                                          "element": {"sharedId": node["sharedId"]},
                                          "files": [str(path)]})

    def downloads(self) -> list[Path]:
        return sorted(p for p in self.browser.download_dir.iterdir()
                      if p.is_file() and not p.name.endswith(".part"))

    def close(self) -> None:
        self.bidi.send("browsingContext.close", {"context": self.context})
        self.bidi.send("browser.removeUserContext", {"userContext": self.user})
        for path in self.downloads():
            path.unlink()


# --- WebKit: WebKitWebDriver and Selenium --------------------------------------------------------


class Xvfb:
    """A virtual X display for WebKitGTK's MiniBrowser."""

    def __init__(self) -> None:
        read, write = os.pipe()
        width, height = VIEWPORT
        self.process = subprocess.Popen(
            [str(XVFB), "-displayfd", str(write), "-nolisten", "tcp",
             "-screen", "0", f"{width + 100}x{height + 200}x24"], pass_fds=(write,),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            self.display = f":{pipe.readline().strip()}"

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


class WebKitBrowser:
    """MiniBrowser in automation mode on an Xvfb display; each device is a session of its own
    (an automation session keeps its website data apart and in memory)."""

    def __init__(self) -> None:
        self.xvfb = Xvfb()
        self.home = Path(tempfile.mkdtemp(prefix="inca-webkit-"))
        self.download_dir = self.home / "downloads"
        self.download_dir.mkdir()
        # WebKitGTK saves downloads into the XDG download folder (else the home folder).
        (self.home / "config").mkdir()
        (self.home / "config" / "user-dirs.dirs").write_text(
            f'XDG_DOWNLOAD_DIR="{self.download_dir}"\n')
        self.env = {**os.environ, "DISPLAY": self.xvfb.display,
                    "XDG_CONFIG_HOME": str(self.home / "config"),
                    "XDG_CACHE_HOME": str(self.home / "cache"),
                    "XDG_DATA_HOME": str(self.home / "data")}
        self.tabs: list[WebKitTab] = []

    def new_device(self) -> WebKitTab:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        service = Service(executable_path=str(WEBKIT_DRIVER), env=self.env)
        driver = webdriver.WebKitGTK(options=options, service=service)
        driver.set_window_rect(0, 0, *VIEWPORT)
        driver.set_script_timeout(120)
        tab = WebKitTab(self, driver)
        self.tabs.append(tab)
        return tab

    def console_errors(self) -> list[str]:
        return []  # WebKitWebDriver has no log endpoint; the page's own checks stand

    def close(self) -> None:
        for tab in self.tabs:
            with contextlib.suppress(Exception):
                tab.driver.quit()
        self.xvfb.close()
        shutil.rmtree(self.home, ignore_errors=True)


class WebKitTab(Tab):
    name = "webkit"

    def __init__(self, browser: WebKitBrowser, driver: Any) -> None:
        self.browser, self.driver = browser, driver

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def call(self, fn: str, *args: Any) -> Any:
        from selenium.common.exceptions import WebDriverException

        try:
            text = self.driver.execute_script(
                f"return ({_wrapped(fn)})(arguments[0]);", json.dumps(args))
        except WebDriverException as error:
            raise DriverError(str(error).splitlines()[0]) from error
        return json.loads(text)

    def click_at(self, x: float, y: float) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(round(x), round(y)).click()
        actions.perform()

    def choose_file(self, selector: str, path: Path) -> None:
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, selector).send_keys(str(path))

    def downloads(self) -> list[Path]:
        return sorted(p for p in self.browser.download_dir.rglob("*") if p.is_file())

    def close(self) -> None:
        self.browser.tabs.remove(self)
        self.driver.quit()
        for path in self.downloads():
            path.unlink()


@contextlib.contextmanager
def launched(name: str) -> Iterator[FirefoxBrowser | WebKitBrowser]:
    browser = FirefoxBrowser() if name == "firefox" else WebKitBrowser()
    try:
        yield browser
    finally:
        browser.close()
