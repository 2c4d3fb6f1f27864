#!/usr/bin/env python3
"""The public API of Napkin, Airframe and NapkinTesting against the last release.

    python3 .ci/api/check.py [--baseline COMMIT] [--changelog FILE]

Runs `swift package diagnose-api-breaking-changes` against the commit named in .ci/api/baseline
(the last release; a clean clone may carry no tags, so the commit is written down) and fails on
every break that the `## [Unreleased]` section of CHANGELOG.md does not list under a
`### Breaking` heading. The digester does not compare isolation, so the check also compares the
isolation of every public declaration in the products' symbol graphs with the baseline's
(.ci/api/isolation.py): a global actor added or removed, a `nonisolated` removed, a protocol
requirement's isolation changed is a break too, named and listed the same way.

A break is listed when a line of that subsection holds, in backticks, the broken declaration's
name exactly as the digester prints it: for `func Routing.attachChild(_:) has been removed` that
is `Routing.attachChild(_:)`. The check prints the name of every break it cannot find, so the
line to write is never a guess. A name says which declaration broke and nothing more, so one
line can cover the several messages one change causes (a removed requirement and the one added
in its place are two names).

The baseline commit must be in the clone. When it is not (a shallow clone), the check tries
`git fetch origin COMMIT` once, and otherwise stops, saying how to fetch it. The baseline's API
is kept in .build/api/baselines/COMMIT, so a second run builds only the current sources.
"""

import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import isolation  # noqa: E402  (beside this file)

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PRODUCTS = ["Napkin", "Airframe", "NapkinTesting"]
BASELINE_FILE = os.path.join(REPOSITORY, ".ci", "api", "baseline")
BREAKAGE = re.compile(r"API breakage: (.*)$")


def fail(message):
    print(f"api: error: {message}", file=sys.stderr)
    sys.exit(1)


def git(*arguments, check=False):
    return subprocess.run(["git", "-C", REPOSITORY, *arguments], capture_output=True,
                          text=True, check=check)


def recorded_baseline():
    """The `VERSION COMMIT` line of .ci/api/baseline (comments start with #)."""
    with open(BASELINE_FILE, encoding="utf-8") as file:
        for line in file:
            line = line.strip()
            if line and not line.startswith("#"):
                version, commit = line.split()
                if not re.fullmatch(r"[0-9a-f]{40}", commit):
                    fail(f"{BASELINE_FILE}: {commit!r} is not a full 40-digit commit hash")
                return version, commit
    fail(f"{BASELINE_FILE} names no release (a line `VERSION COMMIT`)")


def ensure_present(commit, what):
    if git("cat-file", "-e", f"{commit}^{{commit}}").returncode == 0:
        return
    shallow = git("rev-parse", "--is-shallow-repository").stdout.strip() == "true"
    if git("remote", "get-url", "origin").returncode == 0:
        print(f"api: {what} {commit} is not in this clone; fetching it from origin", flush=True)
        if git("fetch", "--quiet", "--no-tags", "origin", commit).returncode == 0 and \
                git("cat-file", "-e", f"{commit}^{{commit}}").returncode == 0:
            return
    fail(f"{what} {commit} is not in this clone"
         f"{' (it is shallow)' if shallow else ''}, and cannot be fetched from origin. "
         f"Fetch it (`git fetch origin {commit}`, or `git fetch --unshallow` for all history), "
         "then run `bash .ci/run api` again.")


def unreleased_breaking(changelog):
    """The text of `### Breaking` inside `## [Unreleased]`."""
    try:
        with open(changelog, encoding="utf-8") as file:
            lines = file.read().splitlines()
    except OSError as error:
        fail(f"cannot read {changelog}: {error.strerror}")
    section, subsection, kept = None, None, []
    for line in lines:
        if line.startswith("## "):
            section = line[3:].strip().lower()
            subsection = None
        elif line.startswith("### "):
            subsection = line[4:].strip().lower()
        elif section == "[unreleased]" and subsection == "breaking":
            kept.append(line)
    return "\n".join(kept)


def declaration_name(message):
    """`Routing.attachChild(_:)` of `func Routing.attachChild(_:) has been removed`: the digester
    writes the kind of declaration, one word, then its name, which holds no space."""
    words = message.split()
    return words[1] if len(words) > 2 else message


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", help="compare with this commit instead of the release's")
    parser.add_argument("--changelog", default=os.path.join(REPOSITORY, "CHANGELOG.md"))
    arguments = parser.parse_args()

    if arguments.baseline:
        resolved = git("rev-parse", "--verify", f"{arguments.baseline}^{{commit}}")
        if resolved.returncode != 0:
            fail(f"{arguments.baseline!r} names no commit of this clone")
        commit, what = resolved.stdout.strip(), "the baseline"
    else:
        version, commit = recorded_baseline()
        what = f"release {version}'s commit (.ci/api/baseline)"
    ensure_present(commit, what)

    baselines = os.path.join(REPOSITORY, ".build", "api", "baselines")
    command = ["swift", "package", "--package-path", REPOSITORY,
               "diagnose-api-breaking-changes", commit, "--products", *PRODUCTS,
               "--baseline-dir", baselines]
    print("+ " + " ".join(command), flush=True)
    # Passed on as it comes (the two builds take minutes), and kept for the breaks it names.
    lines = []
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace") as digester:
        for line in digester.stdout:
            print(line, end="", flush=True)
            lines.append(line)
    breaks = [match.group(1).strip() for match in map(BREAKAGE.search, lines) if match]
    if digester.returncode != 0 and not breaks:
        fail(f"diagnose-api-breaking-changes failed (status {digester.returncode}) without "
             "naming a break; its output is above")
    print()

    # What the digester does not compare: each public declaration's isolation.
    def log(line):
        print(line, flush=True)
    try:
        before = isolation.baseline_graphs(REPOSITORY, commit, PRODUCTS, log)
        after = isolation.current_graphs(REPOSITORY, PRODUCTS, log)
    except (RuntimeError, subprocess.CalledProcessError) as error:
        fail(f"cannot read the isolation of the public API: {error}")
    for keyword, name, was, now in isolation.changes(before, after, PRODUCTS):
        breaks.append(f"{keyword} {name} has changed its isolation from {was} to {now}")
    print()

    listed = unreleased_breaking(arguments.changelog)
    unlisted = []
    for message in breaks:
        name = declaration_name(message)
        found = f"`{name}`" in listed
        print(f"{'listed  ' if found else 'UNLISTED'} {message}")
        if not found:
            unlisted.append(name)
    if unlisted:
        names = "\n".join(f"  `{name}`" for name in dict.fromkeys(unlisted))
        fail(f"{len(unlisted)} of {len(breaks)} API breaks since {commit[:12]} are not listed "
             "in CHANGELOG.md. If a break is meant, say so under `### Breaking` in "
             "`## [Unreleased]`, naming each of these in backticks, with what to write "
             f"instead:\n{names}\nIf it is not meant, restore the declaration.")
    count = f"{len(breaks)} API break{'s' if len(breaks) != 1 else ''}, all listed" if breaks \
        else "no API break"
    print(f"api: {', '.join(PRODUCTS)} against {commit[:12]}: {count}")


if __name__ == "__main__":
    main()
