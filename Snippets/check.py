#!/usr/bin/env python3
"""Type-checks every ```swift block of the documentation against the package's built modules.

    python3 Snippets/check.py --modules "$(swift build --show-bin-path)/Modules"
    python3 Snippets/check.py --modules ... --list      # print where each snippet is, check nothing

Checked: README.md, every Markdown file of a DocC catalog (Sources/<Module>/<Module>.docc), and
the doc comments of the Swift files under DOC_COMMENT_ROOTS. Each block is type-checked on its own
as the main file of a small program, together with a prelude that declares what the prose around
it assumes (an app's `OrderService`, a `clock` made earlier in the article). A block that declares
something (a type, a function, a test) is checked at the top level; a block of statements only is
checked as the body of an async main-actor function, so that its names may shadow the prelude's.
Any warning fails a block, except the notes that a value it shows goes unused.

- a Markdown file picks its prelude with an HTML comment, which DocC and GitHub do not render:
  `<!-- snippet-prelude: Shop -->` uses Snippets/Preludes/PreludeShop.swift for the blocks after it;
- a Swift file's doc comments use Snippets/Preludes/Prelude<Module>.swift, for the module whose
  folder holds the file.

A prelude's `import` lines are copied into every snippet that uses it. Errors point at the
Markdown or Swift file and line of the snippet itself. The preludes are SwiftPM snippets, so
`swift build` compiles them too.
"""

import argparse
import concurrent.futures
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
PRELUDES = ROOT / "Snippets" / "Preludes"
DOC_COMMENT_ROOTS = ["Sources/NapkinTesting"]

FENCE_OPEN = re.compile(r"^(\s*)```swift\s*$")
PRELUDE_DIRECTIVE = re.compile(r"<!--\s*snippet-prelude:\s*([A-Za-z0-9]+)\s*-->")
DOC_LINE = re.compile(r"^\s*///\s?(.*)$")


class Snippet:
    def __init__(self, path, line, code, prelude):
        self.path = path  # relative to ROOT
        self.line = line  # 1-based line of the first line of code
        self.code = code
        self.prelude = prelude  # a pathlib.Path or None

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
    # The prelude in force at each line: the last directive above it.
    prelude_at = []
    prelude = None
    for number, line in enumerate(lines, start=1):
        directive = PRELUDE_DIRECTIVE.search(line)
        if directive:
            prelude = prelude_path(directive.group(1), f"{relative}:{number}")
        prelude_at.append(prelude)
    try:
        for start, code in blocks(lines):
            yield Snippet(relative, start + 1, "\n".join(code), prelude_at[start])
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
                yield Snippet(relative, numbers[start], "\n".join(code), prelude)
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


def check(snippet, modules, workspace, index):
    directory = pathlib.Path(workspace) / str(index)
    directory.mkdir()
    imports = []
    files = []
    if snippet.prelude:
        prelude_text = snippet.prelude.read_text(encoding="utf-8")
        imports = [line for line in prelude_text.splitlines() if line.startswith("import ")]
        files.append(str(snippet.prelude))
    main = directory / "main.swift"
    # `#sourceLocation` makes the compiler's messages point at the documentation itself.
    if declares_at_top_level(snippet.code):
        body = (
            f'#sourceLocation(file: "{snippet.path}", line: {snippet.line})\n'
            + snippet.code
        )
    else:
        # Statements only: run them in a function, so that their names shadow the prelude's
        # (a snippet may make its own `clock`) instead of clashing with them.
        body = (
            f'#sourceLocation(file: "{snippet.path}", line: {snippet.line - 1})\n'
            + "@MainActor func snippet() async throws {\n"
            + snippet.code
            + "\n}"
        )
    main.write_text("\n".join(imports) + "\n" + body + "\n#sourceLocation()\n", encoding="utf-8")
    command = [
        "swiftc", "-typecheck", "-swift-version", "6",
        "-module-name", "Snippet", "-I", modules, str(main), *files,
    ]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    output = (result.stdout + result.stderr).strip()
    status = result.returncode
    if status == 0 and any(forbidden(line) for line in output.splitlines()):
        status = 1
    return snippet, status, output


TOP_LEVEL_DECLARATION = re.compile(
    r"^(@|import |struct |final |class |enum |protocol |extension |func |actor |typealias |"
    r"public |private |fileprivate |internal |package )"
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
            print(f"{snippet.where()}  ({prelude})")
        print(f"{len(snippets)} snippets")
        return
    if not pathlib.Path(arguments.modules, "Napkin.swiftmodule").exists():
        sys.exit(f"{arguments.modules} holds no Napkin.swiftmodule: run `swift build --build-tests` first.")

    failures = 0
    with tempfile.TemporaryDirectory(prefix="napkin-snippets-") as workspace:
        with concurrent.futures.ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
            jobs = [
                pool.submit(check, snippet, arguments.modules, workspace, index)
                for index, snippet in enumerate(snippets)
            ]
            for job in jobs:
                snippet, status, output = job.result()
                if status != 0:
                    failures += 1
                    print(f"error: the snippet at {snippet.where()} does not compile:\n{output}\n")
    markdown = sum(1 for snippet in snippets if snippet.path.suffix == ".md")
    print(
        f"{len(snippets)} snippets checked ({markdown} in Markdown, "
        f"{len(snippets) - markdown} in doc comments), {failures} failed."
    )
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
