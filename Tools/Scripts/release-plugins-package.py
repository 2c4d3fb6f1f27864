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
(`.git`, a README) stay; the copied ones are replaced.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PACKAGE = os.path.join(REPOSITORY, "Tools", "NapkinPlugins")
LOCAL_TARGET = '.binaryTarget(name: "napkin", path: "napkin.artifactbundle.zip"),'


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

    output = os.path.abspath(arguments.output)
    os.makedirs(output, exist_ok=True)
    plugins = os.path.join(output, "Plugins")
    if os.path.islink(plugins) or os.path.isfile(plugins):
        fail(f"{plugins} is not a folder")
    shutil.rmtree(plugins, ignore_errors=True)
    shutil.copytree(os.path.join(PACKAGE, "Plugins"), plugins, symlinks=False)
    shutil.copyfile(os.path.join(REPOSITORY, "LICENSE"), os.path.join(output, "LICENSE"))
    with open(os.path.join(output, "Package.swift"), "w", encoding="utf-8") as file:
        file.write(manifest)
    print(f"wrote {output}: Package.swift (napkin from {arguments.url}, checksum {digest}), "
          "Plugins/, LICENSE")


if __name__ == "__main__":
    main()
