#!/usr/bin/env python3
"""Checks that no test writes a kernel setting on a user's machine.

    python3 .ci/kernel_settings.py [ROOT]

A setting under /proc/sys belongs to the whole machine, or to a whole pid namespace
(`kernel/ns_last_pid`): a test that writes one as root steers every other program, and races
every other test that starts a process (issue 38: a first `swift test` failed so while another
build ran). Such a test runs only where CI says so: `.ci/run test` starts it alone in a pid
namespace of its own and sets `NAPKIN_PID_NAMESPACE=1` there. So every Swift file of Tests/ that
names a path under /proc/sys must gate on that variable, and `.ci/run` must set it only on the
command that makes the namespace.
"""

import pathlib
import re
import sys

MARKER = "NAPKIN_PID_NAMESPACE"
KERNEL_SETTING = re.compile(r"/proc/sys/[\w/.-]+")


def problems(root):
    for source in sorted(root.glob("Tests/**/*.swift")):
        text = source.read_text(encoding="utf-8")
        settings = sorted(set(KERNEL_SETTING.findall(text)))
        if settings and f'environment["{MARKER}"] == "1"' not in text:
            yield (f"{source}: names {', '.join(settings)} but does not run only where "
                   f'`{MARKER}` is "1" (the pid namespace `.ci/run test` makes)')
    run = root / ".ci" / "run"
    for number, line in enumerate(run.read_text(encoding="utf-8").splitlines(), start=1):
        code = line.split("#", 1)[0]
        if f"{MARKER}=" in code and "unshare --pid --fork --mount-proc" not in code:
            yield (f"{run}:{number}: sets {MARKER} outside the `unshare --pid --fork --mount-proc` "
                   "command that makes the namespace")


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    found = list(problems(root))
    for problem in found:
        print(problem)
    if found:
        print(f"{len(found)} tests could write a kernel setting on a user's machine.")
        sys.exit(1)
    print("no test writes a kernel setting outside the namespace CI makes for it")


if __name__ == "__main__":
    main()
