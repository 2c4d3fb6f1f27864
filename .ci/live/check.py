#!/usr/bin/env python3
"""The live tree, end to end, in a real browser (issue 21).

Builds HomeNapkin and `napkin`, writes HomeNapkin's graph page into a temporary folder, starts
HomeNapkin with `--snapshot <folder>/tree.json` and its input on a pipe, serves the folder on
127.0.0.1, and opens `page.html?live=tree.json` in headless Chromium, driven over the DevTools
protocol on a pipe (`--remote-debugging-pipe`: fd 3 carries commands to the browser, fd 4 its
answers, each a JSON text ended by a NUL byte). Then it types `login alice`, `profile`, `back`
and `logout` into the app and, after each, waits (polling the page's DOM, at most STEP_SECONDS)
until the page shows the napkins attached and active that the step leaves, and checks every
snapshot the app wrote against Schema/napkin.schema.json with jsonschema (and draws it with
`napkin graph --format html --snapshot`, whose reader must take it).

The page is never reloaded: the script marks the window and types in the search box, and checks
at each later step that the mark, the search text and the scroll position are still there.

Everything after the builds is bounded by RUN_SECONDS, and every child (app, server, browser)
runs in a process group of its own, which is killed in a `finally`; the script then checks that
no process of those groups is left, and fails if one is.

    python3 .ci/live/check.py [--scratch-path DIR] [--screenshot PATH]

--screenshot PATH saves a picture of the live page while signed in (Tools/Docs/live-tree.png).
Standard library only, plus jsonschema (Debian's python3-jsonschema).
"""

import argparse
import base64
import json
import os
import queue
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import jsonschema

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "Schema" / "napkin.schema.json"

# The whole run after the builds; a step's wait for the page; a build, which on a fresh clone
# compiles swift-syntax.
RUN_SECONDS = 120
STEP_SECONDS = 10
BUILD_SECONDS = 3600

WINDOW = (1400, 900)


class Failure(Exception):
    """The check failed; the message says what was seen."""


def log(message):
    print(f"live: {message}", flush=True)


# MARK: Building


def build(scratch):
    """Builds HomeNapkin (root package) and napkin (Tools); returns the two executables."""
    root_build = ["swift", "build", "--product", "HomeNapkin"]
    if scratch:
        root_build += ["--scratch-path", scratch]
    tools_build = ["swift", "build", "--package-path", "Tools", "--product", "napkin"]
    for command in (root_build, tools_build):
        log(" ".join(command))
        subprocess.run(command, cwd=ROOT, check=True, timeout=BUILD_SECONDS)

    def bin_path(command):
        found = subprocess.run(
            command + ["--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
            text=True, timeout=BUILD_SECONDS)
        return Path(found.stdout.strip().splitlines()[-1])

    app = bin_path(root_build[:2] + root_build[4:]) / "HomeNapkin"
    napkin = bin_path(tools_build[:4]) / "napkin"
    for executable in (app, napkin):
        if not os.access(executable, os.X_OK):
            raise Failure(f"the build left no executable at {executable}")
    return app, napkin


def browser_executable():
    """NAPKIN_BROWSER, else the first Chromium on PATH (the tests look the same way)."""
    explicit = os.environ.get("NAPKIN_BROWSER")
    if explicit:
        return explicit
    for name in ("chromium-headless-shell", "chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    raise Failure("no headless Chromium: install chromium-headless-shell (bash .ci/run live does)")


# MARK: Children


class Children:
    """The processes this script starts, each the leader of a process group of its own."""

    def __init__(self):
        self.processes = []

    def start(self, arguments, **options):
        process = subprocess.Popen(arguments, start_new_session=True, **options)
        self.processes.append(process)
        return process

    def stop(self):
        """SIGTERM to every group, then SIGKILL to what is left; reaps the leaders."""
        for signal_number, grace in ((signal.SIGTERM, 3.0), (signal.SIGKILL, 5.0)):
            for process in self.processes:
                try:
                    os.killpg(process.pid, signal_number)
                except ProcessLookupError:
                    pass
            # A child that moved to a group of its own inside the session is still ours.
            for pid in self.left(pids_only=True):
                try:
                    os.kill(pid, signal_number)
                except ProcessLookupError:
                    pass
            deadline = time.monotonic() + grace
            while time.monotonic() < deadline and self.left():
                for process in self.processes:
                    try:
                        process.wait(timeout=0.05)
                    except subprocess.TimeoutExpired:
                        pass
            if not self.left():
                break
        for process in self.processes:
            try:
                process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                pass

    def left(self, pids_only=False):
        """Processes still running in a session this script started (zombies are dead)."""
        sessions = {process.pid for process in self.processes}
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as stat:
                    text = stat.read()
            except OSError:
                continue
            # The command name is in parentheses and may hold spaces: split after the last one.
            fields = text[text.rindex(")") + 2:].split()
            state, session = fields[0], int(fields[3])
            if session in sessions and state not in ("Z", "X"):
                name = text[text.index("(") + 1:text.rindex(")")]
                found.append(int(entry) if pids_only else f"{entry} ({name})")
        return found


def start_server(children, folder, scratch):
    """`python3 -m http.server` on 127.0.0.1 and a free port; returns the port."""
    log_file = open(scratch / "server.log", "wb")
    server = children.start(
        [sys.executable, "-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory",
         str(folder), "0"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=log_file)
    deadline = time.monotonic() + 10
    line = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([server.stdout], [], [], 0.2)
        if ready:
            line += os.read(server.stdout.fileno(), 4096)
            match = re.search(rb"port (\d+)", line)
            if match:
                return int(match.group(1))
        if server.poll() is not None:
            break
    raise Failure(f"the HTTP server did not say its port: {line!r}")


# MARK: DevTools over a pipe


class DevTools:
    """Chromium's DevTools protocol on --remote-debugging-pipe."""

    def __init__(self, children, executable, profile):
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()
        arguments = [
            executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--hide-scrollbars", "--remote-debugging-pipe", f"--user-data-dir={profile}",
            f"--window-size={WINDOW[0]},{WINDOW[1]}", "about:blank",
        ]
        # The browser reads commands on fd 3 and writes answers on fd 4: the shell puts the two
        # pipe ends there (bash, since dash takes one-digit descriptors only) and then becomes the
        # browser (exec), so its pid leads the group.
        script = (f'exec "$0" "$@" 3<&{to_browser_read} 4>&{from_browser_write} '
                  f'{to_browser_read}<&- {from_browser_write}>&-')
        self.process = children.start(
            ["bash", "-c", script] + arguments, pass_fds=(to_browser_read, from_browser_write),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=open(Path(profile).parent / "browser.log", "wb"))
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.messages = queue.Queue()
        self.exceptions = []
        self.next_id = 0
        self.session = None
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        pending = b""
        while True:
            try:
                chunk = os.read(self.from_browser, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                self.messages.put(None)
                return
            pending += chunk
            while b"\0" in pending:
                text, pending = pending.split(b"\0", 1)
                self.messages.put(json.loads(text))

    def call(self, method, params=None, session=True, timeout=STEP_SECONDS):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise Failure(f"the browser did not answer {method} in {timeout} s")
            try:
                answer = self.messages.get(timeout=remaining)
            except queue.Empty:
                continue
            if answer is None:
                raise Failure(f"the browser closed its pipe during {method}")
            if answer.get("method") == "Runtime.exceptionThrown":
                details = answer["params"]["exceptionDetails"]
                self.exceptions.append(
                    details.get("exception", {}).get("description") or details.get("text"))
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise Failure(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def open_page(self):
        targets = self.call("Target.getTargets", session=False)["targetInfos"]
        pages = [t for t in targets if t["type"] == "page"]
        target = (pages[0]["targetId"] if pages else
                  self.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"])
        self.session = self.call(
            "Target.attachToTarget", {"targetId": target, "flatten": True},
            session=False)["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")

    def evaluate(self, expression):
        result = self.call(
            "Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise Failure(f"the page threw on {expression[:60]}: {result['exceptionDetails']}")
        return result["result"].get("value")


# What the page shows, read from its DOM: the state of each component's first card.
READ_PAGE = """(function () {
  var components = {};
  document.querySelectorAll("[data-component]").forEach(function (box) {
    var name = box.getAttribute("data-component");
    if (name in components) { return; }
    components[name] = {
      state: box.getAttribute("data-state"),
      attached: Number(box.getAttribute("data-attached") || 0),
      active: Number(box.getAttribute("data-active") || 0)
    };
  });
  var html = document.documentElement;
  return {
    rendered: html.getAttribute("data-rendered"),
    errors: html.getAttribute("data-script-errors"),
    updates: Number(html.getAttribute("data-live-updates") || 0),
    status: document.getElementById("live-status").textContent,
    search: document.getElementById("search").value,
    hits: document.querySelectorAll(".hit").length,
    scroll: window.scrollY,
    mark: window.napkinLiveCheck || null,
    components: components
  };
})()"""


def attached_in(snapshot):
    """The components of the snapshot's attached napkins, and of those that are active."""
    attached, active = set(), set()

    def walk(napkin):
        name = (napkin.get("component") or {}).get("name") or napkin["name"] + "Component"
        attached.add(name)
        if napkin["active"]:
            active.add(name)
        for child in napkin["children"]:
            walk(child)

    walk(snapshot["root"])
    return attached, active


# MARK: The run


def run(args, scratch, children):
    app_path, napkin_path = build(args.scratch_path)
    browser = browser_executable()
    schema = json.loads(SCHEMA.read_text())
    validator = jsonschema.Draft202012Validator(schema)
    jsonschema.Draft202012Validator.check_schema(schema)
    started = time.monotonic()

    def remaining():
        left = RUN_SECONDS - (time.monotonic() - started)
        if left <= 0:
            raise Failure(f"the run took more than {RUN_SECONDS} s")
        return left

    def validate(document, what):
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
        if errors:
            raise Failure(f"{what} does not validate against {SCHEMA.name}: {errors[0].message}"
                          f" at {list(errors[0].path)}")

    site = scratch / "site"
    site.mkdir()
    examples = "Examples/HomeNapkin"
    graph = subprocess.run(
        [str(napkin_path), "graph", "--format", "json", examples], cwd=ROOT, check=True,
        capture_output=True, text=True, timeout=60)
    validate(json.loads(graph.stdout), "napkin graph --format json")
    page = subprocess.run(
        [str(napkin_path), "graph", "--format", "html", examples], cwd=ROOT, check=True,
        capture_output=True, timeout=60)
    (site / "page.html").write_bytes(page.stdout)
    snapshot_path = site / "tree.json"

    app_out = open(scratch / "app.out", "wb")
    app_err = open(scratch / "app.err", "wb")
    app = children.start(
        [str(app_path), "--snapshot", str(snapshot_path)], cwd=ROOT, stdin=subprocess.PIPE,
        stdout=app_out, stderr=app_err)
    port = start_server(children, site, scratch)
    log(f"HomeNapkin is pid {app.pid}; the folder is served on 127.0.0.1:{port}")

    devtools = DevTools(children, browser, scratch / "profile")
    devtools.open_page()
    url = f"http://127.0.0.1:{port}/page.html?live=tree.json"
    devtools.call("Page.navigate", {"url": url})

    def wait_for(description, predicate):
        """Polls the DOM until `predicate(page)` holds, for at most STEP_SECONDS."""
        deadline = time.monotonic() + min(STEP_SECONDS, remaining())
        shown = None
        while time.monotonic() < deadline:
            try:
                shown = devtools.evaluate(READ_PAGE)
            except Failure:
                shown = None  # The page is still loading.
            if shown and shown["errors"]:
                raise Failure(f"the page recorded script errors: {shown['errors']}")
            if shown and predicate(shown):
                return shown
            time.sleep(0.1)
        raise Failure(f"after {STEP_SECONDS} s the page still does not show {description}; "
                      f"it shows {json.dumps(shown, indent=1)}")

    def read_snapshot():
        """The file the app wrote last, which must validate against the schema."""
        deadline = time.monotonic() + min(STEP_SECONDS, remaining())
        while not snapshot_path.exists():
            if time.monotonic() > deadline:
                raise Failure(f"HomeNapkin wrote no {snapshot_path.name}")
            time.sleep(0.05)
        text = snapshot_path.read_bytes()
        snapshot = json.loads(text)
        validate(snapshot, snapshot_path.name)
        return text, snapshot

    kept = {}

    def step(command, attached, screenshot=False):
        before, _ = read_snapshot()
        if command:
            log(f"> {command}")
            app.stdin.write(command.encode() + b"\n")
            app.stdin.flush()
            # The app replaces the file after every command; wait for this one's.
            deadline = time.monotonic() + min(STEP_SECONDS, remaining())
            while snapshot_path.read_bytes() == before:
                if time.monotonic() > deadline or app.poll() is not None:
                    raise Failure(f"HomeNapkin wrote no new snapshot after `{command}`")
                time.sleep(0.05)
        text, snapshot = read_snapshot()
        # The tool's own reader takes what the app wrote, for the page drawn with --snapshot.
        copy = scratch / "step.json"
        copy.write_bytes(text)
        drawn = subprocess.run(
            [str(napkin_path), "graph", "--format", "html", "--snapshot", str(copy), examples],
            cwd=ROOT, capture_output=True, timeout=min(60, remaining()))
        if drawn.returncode != 0 or b'"kind" : "tree-snapshot"' not in drawn.stdout:
            raise Failure(f"napkin graph --snapshot refused the app's snapshot after `{command}`:"
                          f" {drawn.stderr.decode(errors='replace')}")
        in_file, active_in_file = attached_in(snapshot)
        if in_file != attached or active_in_file != attached:
            raise Failure(f"after `{command}` the snapshot has {sorted(in_file)} attached and "
                          f"{sorted(active_in_file)} active, not {sorted(attached)}")
        # A read that started before the file changed may still be drawn: two more reads
        # guarantee one that began after it.
        since = devtools.evaluate(READ_PAGE)["updates"]

        def shows(page):
            components = page["components"]
            on = {name for name, c in components.items() if c["attached"] > 0}
            active = {name for name, c in components.items() if c["state"] == "active"}
            off_ok = all(c["state"] in ("absent", "detached", "live")
                         for name, c in components.items() if name not in attached)
            return (page["updates"] >= since + 2 and on == attached and active == attached
                    and off_ok and components.get("AppComponent", {}).get("state") == "live")

        shown = wait_for(f"{sorted(attached)} attached and active", shows)
        if kept:
            for key, value in kept.items():
                if shown[key] != value:
                    raise Failure(f"after `{command}` the page's {key} is {shown[key]!r}, "
                                  f"not {value!r}: it was reloaded or redrawn")
        log(f"  the page shows {', '.join(sorted(attached))} attached and active "
            f"({shown['status']})")
        if screenshot and args.screenshot:
            # With the why panel open, as a click on a member opens it.
            devtools.evaluate("""document.querySelector(
              '[data-component="ProfileComponent"] [data-member="userService"]').click()""")
            if not devtools.evaluate("document.getElementById('why-lines').textContent"):
                raise Failure("a click on ProfileComponent.userService showed no why answer")
            shot = devtools.call("Page.captureScreenshot", {"format": "png"})
            Path(args.screenshot).write_bytes(base64.b64decode(shot["data"]))
            log(f"  screenshot saved as {args.screenshot}")

    wait_for("the drawn tree", lambda page: page["rendered"] == "7")
    devtools.evaluate("window.napkinLiveCheck = 'the same page'")
    kept["mark"] = "the same page"
    step(None, {"RootComponent", "LoggedOutComponent"})
    step("login alice", {"RootComponent", "LoggedInComponent", "HomeComponent"})
    step("profile", {"RootComponent", "LoggedInComponent", "HomeComponent", "ProfileComponent"},
         screenshot=True)
    # From here on the search box has text and highlights and the page is scrolled: each later
    # update must keep them.
    devtools.evaluate("""(function () {
      var search = document.getElementById("search");
      search.value = "userService";
      search.dispatchEvent(new Event("input"));
      window.scrollTo(0, 160);
    })()""")
    typed = devtools.evaluate(READ_PAGE)
    if typed["hits"] == 0 or typed["scroll"] == 0:
        raise Failure(f"typing in the search box or scrolling did nothing: {typed}")
    kept.update(search="userService", hits=typed["hits"], scroll=typed["scroll"])
    step("back", {"RootComponent", "LoggedInComponent", "HomeComponent"})
    step("logout", {"RootComponent", "LoggedOutComponent"})
    if devtools.exceptions:
        raise Failure(f"the page threw: {devtools.exceptions}")

    log("> quit")
    app.stdin.write(b"quit\n")
    app.stdin.close()
    try:
        status = app.wait(timeout=min(10, remaining()))
    except subprocess.TimeoutExpired:
        raise Failure("HomeNapkin did not end after `quit`")
    if status != 0:
        raise Failure(f"HomeNapkin ended with status {status}: "
                      f"{(scratch / 'app.err').read_text(errors='replace')[-2000:]}")
    log(f"done in {time.monotonic() - started:.1f} s after the builds")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scratch-path", help="the root package's build folder (swift build "
                        "--scratch-path); SwiftPM's default if not given")
    parser.add_argument("--screenshot", help="save the live page, signed in, as this PNG")
    args = parser.parse_args()

    # `timeout` or CI stopping the run sends SIGTERM: turned into an exception, it still runs
    # the `finally` below that stops every child.
    def stopped(signal_number, _frame):
        raise Failure(f"stopped by signal {signal_number}")

    signal.signal(signal.SIGTERM, stopped)
    children = Children()
    scratch = Path(tempfile.mkdtemp(prefix="napkin-live-"))
    failure = None
    try:
        run(args, scratch, children)
    except (Failure, subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as error:
        failure = error
    finally:
        children.stop()
        left = children.left()
        for name in ("app.err", "browser.log"):
            if failure and (scratch / name).exists():
                tail = (scratch / name).read_text(errors="replace")[-1500:]
                if tail.strip():
                    print(f"--- {name} (end) ---\n{tail}", file=sys.stderr)
        shutil.rmtree(scratch, ignore_errors=True)
    if left:
        print(f"live: FAILED: processes left behind: {', '.join(left)}", file=sys.stderr)
        return 1
    if failure:
        print(f"live: FAILED: {failure}", file=sys.stderr)
        return 1
    log("no process left behind")
    return 0


if __name__ == "__main__":
    sys.exit(main())
