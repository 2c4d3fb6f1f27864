#!/usr/bin/env python3
"""Checks that test code using child processes compiles only where child processes exist.

    python3 .ci/platform_guards.py [ROOT]

The package declares iOS, tvOS, watchOS and visionOS, where neither `Foundation.Process` nor
Swift Testing's exit tests exist. Every line of Tests/ that uses one must therefore sit inside an
`#if` whose condition names only platforms that have it:

- `Process(` or `extension Process` (a `Foundation.Process`): `#if os(macOS) || os(Linux) ||
  os(Windows)`;
- `processExitsWith:` (an exit test): the same, and `os(FreeBSD)` or `os(OpenBSD)` may be added.

A guard is any enclosing `#if` (not an `#else` branch) made only of `os(...)` terms joined by
`||` from the allowed list. The check cannot build for those platforms here, so it reads the
conditions instead.
"""

import pathlib
import re
import sys

ALLOWED = {
    "Process(": {"macOS", "Linux", "Windows"},
    "extension Process": {"macOS", "Linux", "Windows"},
    "processExitsWith:": {"macOS", "Linux", "Windows", "FreeBSD", "OpenBSD"},
}
OS_TERM = re.compile(r"^os\((\w+)\)$")


def guard_platforms(condition):
    """The platforms an `#if` condition limits to, or None if it is not a plain `os` list."""
    terms = [term.strip() for term in condition.split("||")]
    platforms = set()
    for term in terms:
        match = OS_TERM.match(term)
        if not match:
            return None
        platforms.add(match.group(1))
    return platforms


def problems(path):
    stack = []  # for each open #if: the platforms it guards to, or None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("//"):
            continue
        if stripped.startswith("#if "):
            stack.append(guard_platforms(stripped[4:]))
            continue
        if stripped.startswith("#elseif") or stripped.startswith("#else"):
            if stack:
                stack[-1] = None
            continue
        if stripped.startswith("#endif"):
            if stack:
                stack.pop()
            continue
        for use, allowed in ALLOWED.items():
            if use in line:
                guarded = any(platforms and platforms <= allowed for platforms in stack)
                if not guarded:
                    names = " || ".join(f"os({name})" for name in sorted(allowed))
                    yield f"{path}:{number}: `{use}` outside `#if` on {names} (or fewer)"


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    found = [problem for source in sorted(root.glob("Tests/**/*.swift")) for problem in problems(source)]
    for problem in found:
        print(problem)
    if found:
        print(
            f"{len(found)} uses of a child process are not guarded; the test targets would not "
            "compile for the Apple platforms the manifest declares.")
        sys.exit(1)
    print("every child process in Tests/ is guarded to the platforms that have one")


if __name__ == "__main__":
    main()
