#!/usr/bin/env python3
"""Writes the released NapkinPlugins package: Tools/NapkinPlugins with the bundle taken by URL.

    python3 Tools/Scripts/release-plugins-package.py --url URL --bundle ZIP --output DIR

In this repository the plugins package takes napkin.artifactbundle.zip by path, so that CI tests
the bundle it has just built. A release publishes the package from a repository of its own
(SwiftPM cannot depend on a package in a subfolder of a Git repository), where the manifest
names the bundle uploaded with the release: `.binaryTarget(name: "napkin", url: URL, checksum:
CHECKSUM)`. This script copies the package (its manifest, its plugins and the LICENSE) into DIR,
a checkout of that repository, replacing the one `binaryTarget(path:)` line, with the checksum
that `swift package compute-checksum` gives for ZIP, the file uploaded at URL. DIR's own files
(`.git`, a README) stay.

The script never deletes or replaces what it did not write. DIR must lie outside this
repository (so `--output Tools/NapkinPlugins` or `--output .` is refused before anything is
written), and be a new or empty folder, a Git checkout, or a folder it wrote before. What it
writes it lists, with each file's SHA-256, in DIR/.napkin-release.json; the next release replaces
only files listed there and unchanged since. A Package.swift, LICENSE or Plugins/ file that the
record does not list, or that was edited after it, stops the script with its name, and DIR is
left as it was.
"""

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PACKAGE = os.path.join(REPOSITORY, "Tools", "NapkinPlugins")
# The one copy of each plugin's source: the package's Plugins/ holds links into it.
SHARED_PLUGINS = os.path.join(REPOSITORY, "Tools", "Plugins")
LOCAL_TARGET = '.binaryTarget(name: "napkin", path: "napkin.artifactbundle.zip"),'
# The list of what the script wrote into the output, so that the next release replaces only that.
RECORD = ".napkin-release.json"
# The names the script writes at the top of the output; anything else there is the folder's own.
WRITTEN = ("Package.swift", "LICENSE", "Plugins")


def fail(message):
    print(f"release-plugins-package: error: {message}", file=sys.stderr)
    sys.exit(1)


def checksum(bundle):
    with tempfile.TemporaryDirectory() as nowhere:
        result = subprocess.run(["swift", "package", "compute-checksum", bundle],
                                capture_output=True, text=True, cwd=nowhere)
    if result.returncode != 0:
        fail(f"cannot compute the checksum of {bundle}: {result.stderr.strip()}")
    return result.stdout.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", required=True,
                        help="where the release serves napkin.artifactbundle.zip (https)")
    parser.add_argument("--bundle", required=True, help="that zip, as uploaded")
    parser.add_argument("--output", required=True, help="the plugins repository's checkout")
    arguments = parser.parse_args()

    if not re.fullmatch(r"https://[^\s\"\\]+\.artifactbundle\.zip", arguments.url):
        fail(f"{arguments.url!r} is not an https URL of an .artifactbundle.zip")
    if not os.path.isfile(arguments.bundle):
        fail(f"{arguments.bundle} is not a file; build it with "
             "Tools/Scripts/build-artifact-bundle.py")
    digest = checksum(arguments.bundle)

    with open(os.path.join(PACKAGE, "Package.swift"), encoding="utf-8") as file:
        manifest = file.read()
    if manifest.count(LOCAL_TARGET) != 1:
        fail(f"Tools/NapkinPlugins/Package.swift must hold `{LOCAL_TARGET}` once")
    released_target = (f'.binaryTarget(\n      name: "napkin",\n      url: "{arguments.url}",\n'
                       f'      checksum: "{digest}"\n    ),')
    manifest = manifest.replace(LOCAL_TARGET, released_target)
    # The comment above the line speaks of this repository; the released copy says what it is.
    manifest = re.sub(
        r"    // In this repository, the bundle .*?\n(    //.*\n)*",
        f"    // The bundle of this release, uploaded with it (checksum: swift package "
        f"compute-checksum).\n", manifest)

    output = checked_output(arguments.output)
    previous = replaceable_files(output)
    files = {"Package.swift": manifest.encode("utf-8")}
    with open(os.path.join(REPOSITORY, "LICENSE"), "rb") as license_file:
        files["LICENSE"] = license_file.read()
    source = os.path.join(PACKAGE, "Plugins")
    for folder, _, names in os.walk(source):
        for name in names:
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, PACKAGE)
            if os.path.islink(path):
                # A link is followed only to a regular file of Tools/Plugins, where the
                # repository keeps each plugin's one copy; the release holds the file itself.
                target = os.path.realpath(path)
                if not (inside(target, os.path.realpath(SHARED_PLUGINS))
                        and os.path.isfile(target) and not os.path.islink(target)):
                    fail(f"{path} is a symbolic link to {target}, which is not a file of "
                         "Tools/Plugins; the released package holds only the plugins' sources")
                path = target
            elif not os.path.isfile(path):
                fail(f"{path} is not a regular file; the released package holds only files")
            with open(path, "rb") as plugin_file:
                files[relative] = plugin_file.read()

    os.makedirs(output, exist_ok=True)
    # Only files the previous release wrote, unchanged since (checked above), are removed: a
    # plugin file that this release no longer has goes, nothing else does.
    for stale in sorted(set(previous) - set(files)):
        os.remove(os.path.join(output, stale))
        remove_empty_folders(output, os.path.dirname(stale))
    for relative, data in sorted(files.items()):
        write_file(output, relative, data)
    record = {relative: hashlib.sha256(data).hexdigest() for relative, data in files.items()}
    write_file(output, RECORD,
               (json.dumps({"written": record}, indent=2, sort_keys=True) + "\n").encode("utf-8"))
    print(f"wrote {output}: Package.swift (napkin from {arguments.url}, checksum {digest}), "
          f"Plugins/, LICENSE (listed in {RECORD})")


def inside(path, folder):
    """Whether `path` is `folder` or lies below it (both real paths)."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def checked_output(argument):
    """The output folder's real path, refused when it is in this repository or holds it."""
    output = os.path.realpath(argument)
    repository = os.path.realpath(REPOSITORY)
    if inside(output, repository):
        fail(f"--output {argument} is inside this repository ({repository}); the released "
             "package goes to a checkout of the NapkinPlugins repository, elsewhere")
    if inside(repository, output):
        fail(f"--output {argument} holds this repository ({repository}); give a checkout of the "
             "NapkinPlugins repository")
    if os.path.lexists(output) and not os.path.isdir(output):
        fail(f"--output {argument} is not a folder")
    return output


def sha256(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def replaceable_files(output):
    """What a previous release wrote into `output` and may be replaced: the record's files.

    Refuses a folder the script did not write (non-empty, no record, not a Git checkout) and any
    file at a name the script writes that the record does not list or that changed since.
    """
    if not os.path.isdir(output) or not os.listdir(output):
        return {}
    record_path = os.path.join(output, RECORD)
    if os.path.lexists(record_path):
        try:
            with open(record_path, encoding="utf-8") as file:
                written = json.load(file)["written"]
            if not isinstance(written, dict):
                raise ValueError("not a list of files")
        except (OSError, ValueError, KeyError, TypeError) as error:
            fail(f"{record_path} is not the record this script writes ({error}); move it away "
                 "or choose another --output")
    elif os.path.isdir(os.path.join(output, ".git")):
        written = {}  # a checkout of the plugins repository before its first release
    else:
        fail(f"--output {output} is a folder with files this script did not write (no {RECORD}, "
             "no .git); give an empty folder or a checkout of the NapkinPlugins repository")
    for relative in written:
        if (os.path.isabs(relative) or ".." in relative.split("/")
                or relative.split("/")[0] not in WRITTEN):
            fail(f"{record_path} lists {relative!r}, which this script never writes")
    changed = []
    for name in WRITTEN:
        top = os.path.join(output, name)
        if os.path.islink(top):
            changed.append(name)
            continue
        candidates = []
        if os.path.isdir(top):
            for folder, _, names in os.walk(top):
                candidates += [os.path.join(folder, n) for n in names]
        elif os.path.lexists(top):
            candidates.append(top)
        for path in candidates:
            relative = os.path.relpath(path, output)
            if (os.path.islink(path) or not os.path.isfile(path)
                    or written.get(relative) != sha256(path)):
                changed.append(relative)
    if changed:
        fail(f"--output {output} holds files this script did not write, or that changed since it "
             f"wrote them: {', '.join(sorted(changed))}; nothing was written. Move them away, or "
             "commit them in the plugins repository and remove them, then run the script again")
    return written


def write_file(output, relative, data):
    """Writes `data` to output/relative through a new file renamed over it, never a link."""
    path = os.path.join(output, relative)
    if not inside(os.path.normpath(path), os.path.normpath(output)):
        fail(f"{relative} would be written outside --output {output}; nothing more was written")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    descriptor, partial = tempfile.mkstemp(prefix=".release-", dir=os.path.dirname(path))
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
        os.chmod(partial, 0o644)
        os.replace(partial, path)
    except BaseException:
        os.remove(partial)
        raise


def remove_empty_folders(output, relative):
    """Removes the folders of `relative` that are left empty, up to `output`."""
    while relative:
        path = os.path.join(output, relative)
        if not os.path.isdir(path) or os.listdir(path):
            return
        os.rmdir(path)
        relative = os.path.dirname(relative)


if __name__ == "__main__":
    main()
