#!/usr/bin/env python3
"""Builds napkin.artifactbundle.zip (SE-0305) and prints its checksum, as SwiftLint's release does.

    python3 Tools/Scripts/build-artifact-bundle.py [--binary PATH] [--version X.Y.Z]
        [--variant TRIPLE=PATH ...] [--output ZIP]

The bundle holds info.json, the LICENSE and one statically linked `napkin` per target triple:
    napkin.artifactbundle/info.json
    napkin.artifactbundle/LICENSE
    napkin.artifactbundle/napkin-X.Y.Z-TRIPLE/bin/napkin

Without --binary the script builds this machine's binary the way the README's install step does
(`swift build -c release --package-path Tools --static-swift-stdlib --product napkin`, 10+ CPU
minutes); --binary takes one already built so. Its triple is what `swift -print-target-info`
says. --variant adds a binary built elsewhere: a macOS one built on a Mac with `--arch arm64
--arch x86_64` is `--variant arm64-apple-macosx,x86_64-apple-macosx=PATH` (one universal file).
The version defaults to the newest release in CHANGELOG.md. The zip defaults to
Tools/NapkinPlugins/napkin.artifactbundle.zip, where the plugins package of this repository
takes it by path. Entries are sorted and dated 1980-01-01, so the same binaries give the same
bytes and the same checksum.

The script replaces only a bundle it wrote: --output must not be inside this repository (its
default, ignored by Git, aside), nor name a folder, a link or a file that is not an artifact bundle
of napkin. The zip is written to a new temporary file beside it and renamed over it, so a failed
run leaves what was there.
"""

import argparse
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import zipfile

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TOOLS = os.path.join(REPOSITORY, "Tools")
DEFAULT_OUTPUT = os.path.join(TOOLS, "NapkinPlugins", "napkin.artifactbundle.zip")
BUNDLE = "napkin.artifactbundle"
# The epoch of the zip format: a fixed date makes the archive depend on its contents only.
FIXED_DATE = (1980, 1, 1, 0, 0, 0)


def fail(message):
    print(f"build-artifact-bundle: error: {message}", file=sys.stderr)
    sys.exit(1)


def released_version():
    """The newest `## [X.Y.Z]` heading of CHANGELOG.md, `Unreleased` skipped."""
    path = os.path.join(REPOSITORY, "CHANGELOG.md")
    with open(path, encoding="utf-8") as changelog:
        for line in changelog:
            match = re.match(r"## \[(\d+\.\d+\.\d+)\]", line)
            if match:
                return match.group(1)
    fail(f"{path} names no release (`## [X.Y.Z] - date`); pass --version")


def host_triple():
    info = json.loads(
        subprocess.run(
            ["swift", "-print-target-info"], check=True, capture_output=True, text=True
        ).stdout
    )
    return info["target"]["unversionedTriple"]


def build_binary():
    command = ["swift", "build", "-c", "release", "--package-path", TOOLS,
               "--static-swift-stdlib", "--product", "napkin"]
    print("+ " + " ".join(command), file=sys.stderr)
    subprocess.run(command, check=True)
    bin_path = subprocess.run(command + ["--show-bin-path"], check=True, capture_output=True,
                              text=True).stdout.strip()
    return os.path.join(bin_path, "napkin")


def check_binary(path, triple):
    """A regular executable file that, on Linux, loads nothing from the Swift toolchain."""
    try:
        mode = os.stat(path, follow_symlinks=False).st_mode
    except OSError as error:
        fail(f"cannot read the binary {path}: {error.strerror}")
    if not stat.S_ISREG(mode) or not mode & stat.S_IXUSR:
        fail(f"{path} is not an executable regular file")
    if "linux" in triple and shutil.which("ldd"):
        linked = subprocess.run(["ldd", path], capture_output=True, text=True).stdout
        if "/swift/" in linked or "not found" in linked:
            fail(f"{path} loads libraries from the Swift toolchain, so it runs only where that "
                 "toolchain is installed; build it with --static-swift-stdlib:\n" + linked)


def info_json(version, variants):
    artifact = {
        "version": version,
        "type": "executable",
        "variants": [
            {"path": f"napkin-{version}-{triples[0]}/bin/napkin", "supportedTriples": list(triples)}
            for triples, _ in variants
        ],
    }
    document = {"schemaVersion": "1.0", "artifacts": {"napkin": artifact}}
    return json.dumps(document, indent=2, sort_keys=True) + "\n"


def add(archive, name, data=None, path=None, executable=False):
    entry = zipfile.ZipInfo(name, date_time=FIXED_DATE)
    entry.compress_type = zipfile.ZIP_DEFLATED
    entry.create_system = 3  # Unix, so that unzip restores the mode below
    entry.external_attr = ((0o755 if executable else 0o644) | stat.S_IFREG) << 16
    if path is not None:
        with open(path, "rb") as source, archive.open(entry, "w") as target:
            shutil.copyfileobj(source, target, 1 << 20)
    else:
        archive.writestr(entry, data)


def inside(path, folder):
    """Whether `path` is `folder` or lies below it (both real paths)."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def is_bundle_we_wrote(path):
    """Whether `path` is a zip with only this script's entries: napkin.artifactbundle/..."""
    try:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
    except (OSError, zipfile.BadZipFile):
        return False
    return (f"{BUNDLE}/info.json" in names
            and all(name.startswith(f"{BUNDLE}/") for name in names))


def checked_output(argument):
    """The zip's path, refused where writing it would replace or add to what is not ours."""
    output = os.path.join(os.path.realpath(os.path.dirname(os.path.abspath(argument))),
                          os.path.basename(os.path.abspath(argument)))
    repository = os.path.realpath(REPOSITORY)
    default = os.path.join(os.path.realpath(os.path.dirname(DEFAULT_OUTPUT)),
                           os.path.basename(DEFAULT_OUTPUT))
    if output != default and inside(output, repository):
        fail(f"--output {argument} is inside this repository ({repository}); write the bundle "
             f"outside it, or leave --output out for {os.path.relpath(default, repository)} "
             "(ignored by Git)")
    if not output.endswith(".zip"):
        fail(f"--output {argument} does not end in .zip")
    if os.path.islink(output):
        fail(f"--output {argument} is a symbolic link; name the file itself")
    if os.path.isdir(output):
        fail(f"--output {argument} is a folder; name the zip to write, e.g. "
             f"{os.path.join(argument, 'napkin.artifactbundle.zip')}")
    if os.path.lexists(output) and not (os.path.isfile(output) and is_bundle_we_wrote(output)):
        fail(f"--output {argument} is a file that is not an artifact bundle of napkin; it is "
             "left as it is: choose another path, or move it away")
    return output


def write_bundle(output, version, variants):
    os.makedirs(os.path.dirname(output), exist_ok=True)
    # A new file of our own (O_EXCL), never a fixed name that could be someone else's.
    descriptor, partial = tempfile.mkstemp(
        prefix=f".{os.path.basename(output)}-", suffix=".partial", dir=os.path.dirname(output))
    try:
        with os.fdopen(descriptor, "wb") as file, zipfile.ZipFile(file, "w") as archive:
            add(archive, f"{BUNDLE}/info.json", data=info_json(version, variants))
            with open(os.path.join(REPOSITORY, "LICENSE"), "rb") as license_file:
                add(archive, f"{BUNDLE}/LICENSE", data=license_file.read())
            for triples, path in variants:
                add(archive, f"{BUNDLE}/napkin-{version}-{triples[0]}/bin/napkin", path=path,
                    executable=True)
        os.chmod(partial, 0o644)
        # Checked again just before the rename: a file put there meanwhile is not replaced.
        checked_output(output)
        os.replace(partial, output)
    except BaseException:
        os.remove(partial)
        raise


def checksum(output):
    # compute-checksum needs no package; run it where none is, so that no manifest is loaded.
    with tempfile.TemporaryDirectory() as nowhere:
        result = subprocess.run(["swift", "package", "compute-checksum", output], check=True,
                                capture_output=True, text=True, cwd=nowhere)
    return result.stdout.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", help="this machine's napkin, built with --static-swift-stdlib")
    parser.add_argument("--version", help="the bundle's version (default: CHANGELOG.md's newest)")
    parser.add_argument("--variant", action="append", default=[], metavar="TRIPLES=PATH",
                        help="a binary for another triple, built elsewhere")
    parser.add_argument("--output", default=DEFAULT_OUTPUT, help="the zip to write")
    arguments = parser.parse_args()

    # Before the build (10+ CPU minutes), so that a refused path costs nothing.
    output = checked_output(arguments.output)
    version = arguments.version or released_version()
    if not re.fullmatch(r"\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?", version):
        fail(f"version {version!r} is not semantic (X.Y.Z)")
    triple = host_triple()
    binary = os.path.abspath(arguments.binary) if arguments.binary else build_binary()
    variants = [((triple,), binary)]
    for variant in arguments.variant:
        others, separator, path = variant.partition("=")
        triples = tuple(t for t in others.split(",") if t)
        if not separator or not triples or not path:
            fail(f"--variant {variant!r} is not TRIPLE[,TRIPLE...]=PATH")
        variants.append((triples, os.path.abspath(path)))
    variants.sort()
    every = [t for triples, _ in variants for t in triples]
    if len(set(every)) != len(every):
        fail("two binaries for one triple")
    for triples, path in variants:
        check_binary(path, triples[0])

    write_bundle(output, version, variants)
    print(f"bundle:   {output} ({os.path.getsize(output) / 1e6:.1f} MB)")
    print(f"version:  {version}")
    print(f"triples:  {', '.join(every)}")
    print(f"checksum: {checksum(output)}")


if __name__ == "__main__":
    main()
