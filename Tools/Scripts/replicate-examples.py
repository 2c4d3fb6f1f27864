#!/usr/bin/env python3
"""Make N renamed copies of a folder of Swift sources, for measuring how napkin scales.

Usage: replicate-examples.py SOURCE_DIR OUTPUT_DIR COPIES

Copy i of every file goes to OUTPUT_DIR/copy<i>/..., and every type the sources declare
(class, struct, enum, protocol, actor, typealias) is renamed <Name>C<i> wherever the identifier
occurs, so the copies form separate trees instead of merging into one. Identifiers are found
by a character scan, so the copies stay valid Swift as far as naming goes.
"""
import os
import sys

DECLARING = {"class", "struct", "enum", "protocol", "actor", "typealias"}


def identifiers(text):
    """Yields (start, end) of each identifier-like run of characters."""
    index, length = 0, len(text)
    while index < length:
        char = text[index]
        if char.isalpha() or char == "_":
            start = index
            while index < length and (text[index].isalnum() or text[index] == "_"):
                index += 1
            yield start, index
        else:
            index += 1


def declared_types(sources):
    names = set()
    for text in sources.values():
        previous = None
        for start, end in identifiers(text):
            word = text[start:end]
            if previous in DECLARING and word[0].isupper():
                names.add(word)
            previous = word
    return names


def renamed(text, names, suffix):
    parts, last = [], 0
    for start, end in identifiers(text):
        if text[start:end] in names:
            parts.append(text[last:end])
            parts.append(suffix)
            last = end
    parts.append(text[last:])
    return "".join(parts)


def main():
    source_dir, output_dir, copies = sys.argv[1], sys.argv[2], int(sys.argv[3])
    sources = {}
    for folder, _, files in os.walk(source_dir):
        for name in files:
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as handle:
                    sources[os.path.relpath(path, source_dir)] = handle.read()
    names = declared_types(sources)
    for copy in range(copies):
        for relative, text in sources.items():
            target = os.path.join(output_dir, f"copy{copy}", relative)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w", encoding="utf-8") as handle:
                handle.write(renamed(text, names, f"C{copy}"))
    print(f"{len(sources) * copies} files, {len(names)} types renamed per copy")


if __name__ == "__main__":
    main()
