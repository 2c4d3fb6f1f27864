"""The isolation of the public API, which the API digester does not compare.

`swift package diagnose-api-breaking-changes` names a removed declaration, a changed signature,
a removed `Sendable`, but not a change of isolation: `@MainActor` added to a public function, a
`nonisolated` removed from a member of a main-actor type, a protocol requirement moved to the
main actor. Each of those is a Swift 6 source break (a caller outside the actor no longer
compiles, a conformance no longer matches), so .ci/api/check.py also compares this.

The isolation of each public declaration is read from its symbol graph (what
`swift-symbolgraph-extract` writes for a module), where the compiler spells it out on every
declaration, the inferred cases included: a member of a `@MainActor` type, a type that conforms
to a `@MainActor` protocol, a `nonisolated` member. A declaration is matched with its baseline by
its precise identifier (USR), which isolation does not change.
"""

import json
import os
import shutil
import subprocess
import tarfile
import tempfile

# The declaration's head ends at its first keyword; attributes and modifiers come before it.
INTRODUCERS = {"func", "var", "let", "init", "subscript", "class", "struct", "enum", "protocol",
               "actor", "typealias", "case", "associatedtype", "macro", "deinit", "extension"}
# The members of an actor that are isolated to it unless marked `nonisolated`.
ACTOR_ISOLATED_KINDS = {"swift.method", "swift.property", "swift.subscript"}


def build_graphs(package, scratch, products, output, log):
    """Builds `products` of the package at `package` and writes their symbol graphs to `output`.

    Only the products' targets are built (not the examples or the tests), into `scratch`.
    """
    for product in products:
        # Each product here is the library target of the same name.
        command = ["swift", "build", "--package-path", package, "--scratch-path", scratch,
                   "--target", product]
        log("+ " + " ".join(command))
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"`{' '.join(command)}` failed:\n{result.stdout}{result.stderr}")
    bin_path = subprocess.run(
        ["swift", "build", "--package-path", package, "--scratch-path", scratch,
         "--show-bin-path"], capture_output=True, text=True, check=True).stdout.strip()
    info = json.loads(subprocess.run(["swift", "-print-target-info"], capture_output=True,
                                     text=True, check=True).stdout)
    os.makedirs(output, exist_ok=True)
    for product in products:
        command = ["swift-symbolgraph-extract", "-module-name", product,
                   "-I", os.path.join(bin_path, "Modules"), "-target", info["target"]["triple"],
                   "-minimum-access-level", "public", "-output-dir", output]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"`{' '.join(command)}` failed:\n{result.stdout}{result.stderr}")


def baseline_graphs(repository, commit, products, log):
    """The symbol graphs of `products` at `commit`, built once and kept under .build/api."""
    folder = os.path.join(repository, ".build", "api", "isolation", commit)
    graphs = os.path.join(folder, "graphs")
    if all(os.path.isfile(os.path.join(graphs, f"{p}.symbols.json")) for p in products):
        return graphs
    source = os.path.join(folder, "source")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(source)
    with tempfile.TemporaryFile() as archive:
        subprocess.run(["git", "-C", repository, "archive", "--format=tar", commit],
                       stdout=archive, check=True)
        archive.seek(0)
        with tarfile.open(fileobj=archive) as tar:
            tar.extractall(source, filter="data")
    partial = graphs + ".partial"
    build_graphs(source, os.path.join(folder, "build"), products, partial, log)
    os.replace(partial, graphs)
    return graphs


def current_graphs(repository, products, log):
    """The symbol graphs of `products` as the working tree declares them (the shared .build)."""
    graphs = os.path.join(repository, ".build", "api", "isolation", "current")
    shutil.rmtree(graphs, ignore_errors=True)
    build_graphs(repository, os.path.join(repository, ".build"), products, graphs, log)
    return graphs


def head(symbol):
    """The attributes and modifiers before the declaration's keyword, as fragments."""
    fragments = []
    for fragment in symbol.get("declarationFragments", []):
        if fragment["kind"] == "keyword" and fragment["spelling"] in INTRODUCERS:
            break
        fragments.append(fragment)
    return fragments


def global_actors(symbols):
    """The precise identifiers of the global actors the graphs declare, MainActor's included."""
    found = {"s:ScM"}
    for symbol in symbols.values():
        text = "".join(f["spelling"] for f in head(symbol))
        if "globalActor" in text:
            found.add(symbol["identifier"]["precise"])
    return found


def isolation(symbol, parent, actors):
    """What a caller sees: a global actor, `nonisolated`, or isolated to the enclosing actor."""
    fragments = head(symbol)
    words = []
    for index, fragment in enumerate(fragments):
        spelling = fragment["spelling"]
        if fragment["kind"] == "attribute" and fragment.get("preciseIdentifier") in actors:
            words.append(f"@{spelling}")
        elif spelling in ("@concurrent", "concurrent") and fragment["kind"] == "attribute":
            words.append("@concurrent")
        elif spelling.startswith("nonisolated"):
            rest = "".join(f["spelling"] for f in fragments[index + 1:index + 4])
            detail = next((d for d in ("(unsafe)", "(nonsending)") if rest.startswith(d)), "")
            words.append("nonisolated" + detail)
        elif spelling == "preconcurrency":
            words.append("@preconcurrency")
    if any(word.startswith("@") and word not in ("@concurrent", "@preconcurrency")
           for word in words) or any(word.startswith("nonisolated") for word in words):
        return " ".join(sorted(set(words)))
    if parent is not None and symbol["kind"]["identifier"] in ACTOR_ISOLATED_KINDS and any(
            f["kind"] == "keyword" and f["spelling"] == "actor"
            for f in parent.get("declarationFragments", [])):
        return " ".join(sorted(set(words + ["isolated to the actor"])))
    return " ".join(sorted(set(words + ["nonisolated"])))


def load(graphs, products):
    """Every public symbol of the products' graphs by precise identifier, with its parent's."""
    symbols, parents = {}, {}
    for name in sorted(os.listdir(graphs)):
        if not name.endswith(".symbols.json") or name.split(".")[0].split("@")[0] not in products:
            continue
        with open(os.path.join(graphs, name), encoding="utf-8") as file:
            graph = json.load(file)
        for symbol in graph.get("symbols", []):
            symbols[symbol["identifier"]["precise"]] = symbol
        for relation in graph.get("relationships", []):
            if relation["kind"] in ("memberOf", "requirementOf", "optionalRequirementOf"):
                parents[relation["source"]] = relation["target"]
    return symbols, parents


def changes(baseline, current, products):
    """Each public declaration of both whose isolation differs: `(kind name, before, after)`."""
    old, old_parents = load(baseline, products)
    new, new_parents = load(current, products)
    old_actors, new_actors = global_actors(old), global_actors(new)
    found = []
    for precise, symbol in sorted(new.items(), key=lambda item: item[1]["pathComponents"]):
        before = old.get(precise)
        if before is None:
            continue  # added: no caller depends on it yet
        was = isolation(before, old.get(old_parents.get(precise)), old_actors)
        now = isolation(symbol, new.get(new_parents.get(precise)), new_actors)
        if was != now:
            keyword = next((f["spelling"] for f in symbol.get("declarationFragments", [])
                            if f["kind"] == "keyword" and f["spelling"] in INTRODUCERS), "decl")
            found.append((keyword, ".".join(symbol["pathComponents"]), was, now))
    return found
