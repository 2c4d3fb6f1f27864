#!/usr/bin/env python3
"""Type-checks every ```swift block of the documentation against the package's built modules.

    python3 .ci/snippets/check.py --modules "$(swift build --show-bin-path)/Modules"
    python3 .ci/snippets/check.py --modules ... --list      # print where each snippet is, check nothing

Checked: README.md, every Markdown file of a DocC catalog (Sources/<Module>/<Module>.docc), and
the doc comments of the Swift files under DOC_COMMENT_ROOTS. Each block is type-checked on its own
as the main file of a small program, together with a prelude that declares what the prose around
it assumes (an app's `OrderService`, a `clock` made earlier in the article). A block that declares
something (a type, a function, a test) is checked at the top level; a block of statements only is
checked as the body of an async main-actor function, so that its names may shadow the prelude's.
Any warning fails a block, except the notes that a value it shows goes unused.

Every block is checked twice: in SwiftPM's default mode, and in the mode of a new Xcode 26 app
target (default isolation `MainActor`, `NonisolatedNonsendingByDefault`,
`InferIsolatedConformances`), because a user copies it into either.

- a Markdown file picks its prelude with an HTML comment, which DocC and GitHub do not render:
  `<!-- snippet-prelude: Shop -->` uses .ci/snippets/preludes/PreludeShop.swift for the blocks
  after it;
- `<!-- snippet-group: Name -->` checks the blocks after it, up to `<!-- snippet-group: end -->`,
  together as one program: an article that builds one napkin a piece at a time;
- `<!-- snippet-inside: extension HomeRouter -->` checks the next block inside that declaration:
  methods shown without their type, or, for a block of statements, the body of one of its
  methods (a doc comment takes the directive on the line above the block);
- `<!-- snippet-fails: type 'Counter' does not conform to the 'Sendable' protocol -->` says that
  the next block shows a mistake: it must fail to compile, with that error;
- `<!-- snippet-mode: default -->` (or `xcode`) says that the next block is meant for one
  isolation mode only, and is checked in that mode alone;
- `<!-- snippet-skip: REASON -->` says that the next block cannot be compiled on this machine
  (SwiftUI, on Linux) and is not checked; the reason is required, and `--list` and the summary
  name every skipped block, so a skip never goes unseen;
- `<!-- snippet-manifest -->` says that the next block is a client's `Package.swift`: SwiftPM
  loads it next to this package (as `../Napkin`) and checks every product it names;
- a Swift file's doc comments use .ci/snippets/preludes/Prelude<Module>.swift, for the module
  whose folder holds the file.

A prelude's `import` lines are copied into every snippet that uses it. Errors point at the
Markdown or Swift file and line of the snippet itself. The preludes live here rather than in a
`Snippets/` folder because SwiftPM would build each file there as a program of its own, and a
prelude may use what the snippets it serves declare.
"""

import argparse
import concurrent.futures
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
PRELUDES = pathlib.Path(__file__).resolve().parent / "preludes"
DOC_COMMENT_ROOTS = ["Sources/Airframe", "Sources/Napkin", "Sources/NapkinTesting"]

FENCE_OPEN = re.compile(r"^(\s*)```swift\s*$")
PRELUDE_DIRECTIVE = re.compile(r"<!--\s*snippet-prelude:\s*([A-Za-z0-9]+)\s*-->")
GROUP_DIRECTIVE = re.compile(r"<!--\s*snippet-group:\s*([A-Za-z0-9]+)\s*-->")
INSIDE_DIRECTIVE = re.compile(r"<!--\s*snippet-inside:\s*(.+?)\s*-->")
FAILS_DIRECTIVE = re.compile(r"<!--\s*snippet-fails:\s*(.+?)\s*-->")
MODE_DIRECTIVE = re.compile(r"<!--\s*snippet-mode:\s*(default|xcode)\s*-->")
MANIFEST_DIRECTIVE = re.compile(r"<!--\s*snippet-manifest\s*-->")
SKIP_DIRECTIVE = re.compile(r"<!--\s*snippet-skip:\s*(\S.*?)\s*-->")
# The isolation modes every block is checked in, with the compiler flags of each.
MODES = ("default", "xcode")
MODE_FLAGS = {
    "default": [],
    "xcode": [
        "-default-isolation", "MainActor",
        "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
        "-enable-upcoming-feature", "InferIsolatedConformances",
    ],
}
IMPORT = re.compile(r"^(@testable )?import ")
DOC_LINE = re.compile(r"^\s*///\s?(.*)$")


class Snippet:
    def __init__(
        self, path, line, code, prelude, group=None, inside=None, fails=None, modes=None
    ):
        self.path = path  # relative to ROOT
        self.line = line  # 1-based line of the first line of code
        self.code = code
        self.prelude = prelude  # a pathlib.Path or None
        self.group = group  # blocks of one group are checked together, as one program
        self.inside = inside  # a declaration to check the block inside, such as `extension X`
        self.fails = fails  # the error a block that shows a mistake must fail with
        self.manifest = False  # a client's Package.swift, checked against this package
        self.modes = modes or MODES  # the isolation modes the block is meant for
        self.skip = None  # why the block is not checked, from a `snippet-skip` directive

    def where(self):
        return f"{self.path}:{self.line}"


def prelude_path(name, where):
    path = PRELUDES / f"Prelude{name}.swift"
    if not path.is_file():
        sys.exit(f"{where}: no prelude named {name}: expected {path.relative_to(ROOT)}")
    return path


def blocks(lines):
    """Yields (index of the first code line, code lines) for each ```swift block in `lines`."""
    index = 0
    while index < len(lines):
        opening = FENCE_OPEN.match(lines[index])
        if not opening:
            index += 1
            continue
        indent = opening.group(1)
        start = index + 1
        end = start
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        if end == len(lines):
            raise ValueError(f"line {index + 1}: a ```swift block is never closed")
        code = [line[len(indent):] if line.startswith(indent) else line for line in lines[start:end]]
        yield start, code
        index = end + 1


def markdown_snippets(path):
    relative = path.relative_to(ROOT)
    lines = path.read_text(encoding="utf-8").splitlines()
    # The prelude and group in force at each line (the last directive above it), and the
    # `snippet-inside` waiting for the next block.
    state_at = []
    prelude, group, inside, fails, manifest, modes = None, None, None, None, False, None
    skip = None
    skips = []  # the `snippet-skip` reason of each block, in order
    for number, line in enumerate(lines, start=1):
        directive = PRELUDE_DIRECTIVE.search(line)
        if directive:
            prelude = prelude_path(directive.group(1), f"{relative}:{number}")
        directive = GROUP_DIRECTIVE.search(line)
        if directive:
            name = directive.group(1)
            group = None if name == "end" else f"{relative}#{name}"
        directive = INSIDE_DIRECTIVE.search(line)
        if directive:
            inside = directive.group(1)
        directive = FAILS_DIRECTIVE.search(line)
        if directive:
            fails = directive.group(1)
        directive = MODE_DIRECTIVE.search(line)
        if directive:
            modes = (directive.group(1),)
        if MANIFEST_DIRECTIVE.search(line):
            manifest = True
        directive = SKIP_DIRECTIVE.search(line)
        if directive:
            skip = directive.group(1)
        if FENCE_OPEN.match(line):
            state_at.append((prelude, group, inside, fails, manifest, modes))
            skips.append(skip)
            inside, fails, manifest, modes, skip = None, None, False, None, None
        else:
            state_at.append((prelude, group, None, None, False, None))
    try:
        for number, (start, code) in enumerate(blocks(lines)):
            prelude, group, inside, fails, manifest, modes = state_at[start - 1]
            snippet = Snippet(
                relative, start + 1, "\n".join(code), prelude, group, inside, fails, modes)
            snippet.manifest = manifest
            snippet.skip = skips[number] if number < len(skips) else None
            yield snippet
    except ValueError as error:
        sys.exit(f"{relative}: {error}")


def doc_comment_snippets(path, module):
    relative = path.relative_to(ROOT)
    prelude = PRELUDES / f"Prelude{module}.swift"
    prelude = prelude if prelude.is_file() else None
    lines = path.read_text(encoding="utf-8").splitlines()
    # Doc comment text with its source line numbers; a non-comment line ends a comment.
    comment, numbers = [], []

    def flush():
        try:
            for start, code in blocks(comment):
                # `snippet-inside` and `snippet-mode` directives on the comment lines just above
                # the block.
                inside, modes = None, None
                for line in reversed(comment[: start - 1]):
                    directive = INSIDE_DIRECTIVE.search(line)
                    mode = MODE_DIRECTIVE.search(line)
                    if directive:
                        inside = directive.group(1)
                    elif mode:
                        modes = (mode.group(1),)
                    elif line.strip():
                        break
                yield Snippet(
                    relative, numbers[start], "\n".join(code), prelude, inside=inside,
                    modes=modes)
        except ValueError as error:
            sys.exit(f"{relative}: doc comment near line {numbers[0]}: {error}")

    for number, line in enumerate(lines, start=1):
        match = DOC_LINE.match(line)
        if match:
            comment.append(match.group(1))
            numbers.append(number)
        elif comment:
            yield from flush()
            comment, numbers = [], []
    if comment:
        yield from flush()


def all_snippets():
    found = list(markdown_snippets(ROOT / "README.md"))
    for catalog in sorted(ROOT.glob("Sources/*/*.docc")):
        for article in sorted(catalog.rglob("*.md")):
            found.extend(markdown_snippets(article))
    for root in DOC_COMMENT_ROOTS:
        module = pathlib.Path(root).name
        for source in sorted((ROOT / root).rglob("*.swift")):
            found.extend(doc_comment_snippets(source, module))
    return found


def source(snippet, index):
    """The Swift text that checks `snippet`; `#sourceLocation` points messages at the docs."""
    if snippet.inside and declares_at_top_level(snippet.code):
        return (
            f'#sourceLocation(file: "{snippet.path}", line: {snippet.line - 1})\n'
            + f"{snippet.inside} {{\n{snippet.code}\n}}\n#sourceLocation()"
        )
    if snippet.inside:
        # Statements from a method's body: check them in a method of that declaration.
        return (
            f'#sourceLocation(file: "{snippet.path}", line: {snippet.line - 1})\n'
            + f"{snippet.inside} {{ func snippet{index}() async throws {{\n{snippet.code}\n}} }}\n"
            + "#sourceLocation()"
        )
    if declares_at_top_level(snippet.code):
        return (
            f'#sourceLocation(file: "{snippet.path}", line: {snippet.line})\n'
            + f"{snippet.code}\n#sourceLocation()"
        )
    # Statements only: run them in a function, so that their names shadow the prelude's (a
    # snippet may make its own `clock`) instead of clashing with them.
    return (
        f'#sourceLocation(file: "{snippet.path}", line: {snippet.line - 1})\n'
        + f"@MainActor func snippet{index}() async throws {{\n{snippet.code}\n}}\n"
        + "#sourceLocation()"
    )


def check_manifest(snippet, directory):
    """Loads `snippet` as the manifest of a client package next to this one, `../Napkin`, so that
    SwiftPM checks the manifest and that every product it names exists."""
    (directory / "Napkin").symlink_to(ROOT)
    client = directory / "MyApp"
    client.mkdir()
    (client / "Package.swift").write_text(snippet.code + "\n", encoding="utf-8")

    def swift_package(*arguments):
        return subprocess.run(
            ["swift", "package", "--package-path", str(client), *arguments],
            capture_output=True, text=True)

    dumped = swift_package("dump-package")
    if dumped.returncode != 0:
        return [snippet], 1, (dumped.stdout + dumped.stderr).strip()
    for target in json.loads(dumped.stdout)["targets"]:
        folder = client / ("Tests" if target["type"] == "test" else "Sources") / target["name"]
        folder.mkdir(parents=True)
        (folder / "main.swift").write_text("", encoding="utf-8")
    loaded = swift_package("show-dependencies")
    return [snippet], loaded.returncode, (loaded.stdout + loaded.stderr).strip()


def check(unit, modules, workspace, index, mode):
    """Type-checks `unit`, a list of snippets that form one program (one, unless grouped), in the
    isolation `mode`."""
    directory = pathlib.Path(workspace) / f"{index}-{mode}"
    directory.mkdir()
    if unit[0].manifest:
        return check_manifest(unit[0], directory)
    imports = []
    files = []
    prelude = unit[0].prelude
    if prelude:
        prelude_text = prelude.read_text(encoding="utf-8")
        imports = [line for line in prelude_text.splitlines() if IMPORT.match(line)]
        files.append(str(prelude))
    main = directory / "main.swift"
    body = "\n".join(source(snippet, number) for number, snippet in enumerate(unit))
    main.write_text("\n".join(imports) + "\n" + body + "\n", encoding="utf-8")
    command = [
        "swiftc", "-typecheck", "-swift-version", "6",
        "-module-name", "Snippet", *MODE_FLAGS[mode], "-I", modules, str(main), *files,
    ]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    output = (result.stdout + result.stderr).strip()
    status = result.returncode
    if status == 0 and any(forbidden(line) for line in output.splitlines()):
        status = 1
    expected = [snippet.fails for snippet in unit if snippet.fails]
    if expected:
        # A block that shows a mistake must keep failing, with the error the prose quotes.
        errors = [line for line in output.splitlines() if "error:" in line]
        missing = [error for error in expected if not any(error in line for line in errors)]
        if status == 0 or missing:
            return unit, 1, f"expected to fail with: {'; '.join(expected)}\n{output}"
        return unit, 0, output
    return unit, status, output


# A block that opens with one of these declares something; `static` opens a member, which a
# `snippet-inside` directive places in its type.
TOP_LEVEL_DECLARATION = re.compile(
    r"^(@|import |struct |final |class |enum |protocol |extension |func |override |actor |typealias |nonisolated |"
    r"static |public |private |fileprivate |internal |package )"
)
# A snippet shows a value by naming it (`home.analytics === home.analytics  // true`); the
# compiler's notes that the value goes unused are expected. Any other warning fails the snippet.
UNUSED_VALUE = re.compile(
    r"warning: (result of .* is unused|expression of type .* is unused|"
    r"initialization of (immutable value|variable) .* was never used|"
    r"variable .* was never (mutated|used)|immutable value .* was never used)"
)


def declares_at_top_level(code):
    return any(TOP_LEVEL_DECLARATION.match(line) for line in code.splitlines())


def forbidden(line):
    return "warning:" in line and not UNUSED_VALUE.search(line)


def units(snippets):
    """The programs to check: one per snippet, one per group."""
    grouped = {}
    found = []
    for snippet in snippets:
        if snippet.group is None:
            found.append([snippet])
        elif snippet.group in grouped:
            if grouped[snippet.group][0].prelude != snippet.prelude:
                sys.exit(f"{snippet.where()}: every block of a group takes the group's prelude")
            grouped[snippet.group].append(snippet)
        else:
            grouped[snippet.group] = [snippet]
            found.append(grouped[snippet.group])
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", required=True, help="the build's Modules directory")
    parser.add_argument("--list", action="store_true", help="list the snippets, check nothing")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    arguments = parser.parse_args()

    snippets = all_snippets()
    if arguments.list:
        for snippet in snippets:
            prelude = snippet.prelude.name if snippet.prelude else "no prelude"
            group = f", group {snippet.group}" if snippet.group else ""
            inside = f", inside `{snippet.inside}`" if snippet.inside else ""
            fails = f", must fail: {snippet.fails}" if snippet.fails else ""
            fails += f", {snippet.modes[0]} mode only" if len(snippet.modes) == 1 else ""
            manifest = ", a client manifest" if snippet.manifest else ""
            skipped = f", SKIPPED: {snippet.skip}" if snippet.skip else ""
            print(f"{snippet.where()}  ({prelude}{group}{inside}{fails}{manifest}{skipped})")
        print(f"{len(snippets)} snippets")
        return
    if not pathlib.Path(arguments.modules, "Napkin.swiftmodule").exists():
        sys.exit(f"{arguments.modules} holds no Napkin.swiftmodule: run `swift build --build-tests` first.")

    skipped = [snippet for snippet in snippets if snippet.skip]
    snippets = [snippet for snippet in snippets if not snippet.skip]
    failures = 0
    with tempfile.TemporaryDirectory(prefix="napkin-snippets-") as workspace:
        with concurrent.futures.ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
            jobs = [
                (mode, pool.submit(check, unit, arguments.modules, workspace, index, mode))
                for index, unit in enumerate(units(snippets))
                for mode in (("default",) if unit[0].manifest else unit[0].modes)
            ]
            for mode, job in jobs:
                unit, status, output = job.result()
                if status != 0:
                    failures += len(unit)
                    where = ", ".join(snippet.where() for snippet in unit)
                    print(
                        f"error: the snippets at {where} do not compile in {mode} mode:\n"
                        f"{output}\n")
    markdown = sum(1 for snippet in snippets if snippet.path.suffix == ".md")
    print(
        f"{len(snippets)} snippets checked in both isolation modes ({markdown} in Markdown, "
        f"{len(snippets) - markdown} in doc comments), {failures} checks failed."
    )
    for snippet in skipped:
        print(f"skipped {snippet.where()}: {snippet.skip}")
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
