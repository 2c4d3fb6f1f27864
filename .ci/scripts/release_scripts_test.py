#!/usr/bin/env python3
"""Tests of Tools/Scripts/release-plugins-package.py and build-artifact-bundle.py.

    python3 .ci/scripts/release_scripts_test.py

Each test runs the scripts of a temporary copy of the repository (the scripts, the plugins
package, LICENSE and CHANGELOG.md, laid out as here), never this checkout: what is under test
is whether they write into, or delete from, a repository. `.ci/run tools` runs them. They need
python3 and `swift` (for `swift package compute-checksum` and `swift -print-target-info`).
"""

import hashlib
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import unittest
import zipfile

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
URL = "https://example.invalid/napkin/releases/download/0.1.0/napkin.artifactbundle.zip"


def read(path):
    with open(path, encoding="utf-8") as file:
        return file.read()


def tree(folder):
    """Every file below `folder`, with its SHA-256: what a refusal must leave as it was."""
    found = {}
    for parent, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(parent, name)
            with open(path, "rb") as file:
                found[os.path.relpath(path, folder)] = hashlib.sha256(file.read()).hexdigest()
    return found


class ScriptsTestCase(unittest.TestCase):
    def setUp(self):
        self.scratch = tempfile.mkdtemp(prefix="napkin-scripts-")
        self.addCleanup(shutil.rmtree, self.scratch)
        self.copy = os.path.join(self.scratch, "repository")
        # Links are copied as links: the package's Plugins/ links into Tools/Plugins, as in the
        # repository.
        for relative in ("Tools/Scripts", "Tools/Plugins", "Tools/NapkinPlugins/Plugins"):
            shutil.copytree(os.path.join(REPOSITORY, relative),
                            os.path.join(self.copy, relative), symlinks=True)
        for relative in ("LICENSE", "CHANGELOG.md", "Tools/NapkinPlugins/Package.swift"):
            shutil.copyfile(os.path.join(REPOSITORY, relative), os.path.join(self.copy, relative))
        self.bundle = os.path.join(self.scratch, "napkin.artifactbundle.zip")
        with open(self.bundle, "wb") as file:
            file.write(b"a stand-in: only its bytes count")
        # A stand-in binary: a regular executable file that loads nothing from the toolchain.
        self.binary = os.path.join(self.scratch, "napkin")
        with open(self.binary, "w", encoding="utf-8") as file:
            file.write("#!/bin/sh\necho napkin\n")
        os.chmod(self.binary, 0o755)

    def run_script(self, name, *arguments):
        return subprocess.run(
            [sys.executable, os.path.join(self.copy, "Tools", "Scripts", name), *arguments],
            capture_output=True, text=True, cwd=self.copy)

    def release(self, output):
        return self.run_script("release-plugins-package.py", "--url", URL, "--bundle",
                               self.bundle, "--output", output)

    def bundle_to(self, *output):
        return self.run_script("build-artifact-bundle.py", "--binary", self.binary,
                               "--version", "0.1.0", *output)

    def assertRefused(self, result, *words):
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("error:", result.stderr)
        self.assertNotIn("Traceback", result.stderr)
        for word in words:
            self.assertIn(word, result.stderr)


class ReleasePluginsPackageTests(ScriptsTestCase):
    def test_an_output_inside_the_repository_is_refused_and_nothing_is_deleted(self):
        before = tree(self.copy)
        for output in ("Tools/NapkinPlugins", ".", "Tools/NapkinPlugins/Plugins", "Tools/New"):
            with self.subTest(output=output):
                self.assertRefused(self.release(output), "inside this repository")
                self.assertEqual(tree(self.copy), before)
                self.assertFalse(os.path.exists(os.path.join(self.copy, "Plugins")))
                self.assertFalse(os.path.exists(os.path.join(self.copy, "Tools", "New")))

    def test_an_output_that_holds_the_repository_is_refused(self):
        before = tree(self.scratch)
        self.assertRefused(self.release(self.scratch), "holds this repository")
        self.assertEqual(tree(self.scratch), before)

    def test_a_folder_of_other_files_is_refused_and_left_as_it_was(self):
        documents = os.path.join(self.scratch, "documents")
        os.makedirs(os.path.join(documents, "Plugins"))
        for name in ("Package.swift", "LICENSE", "Plugins/mine.txt", "notes.txt"):
            with open(os.path.join(documents, name), "w", encoding="utf-8") as file:
                file.write(f"the user's {name}\n")
        before = tree(documents)
        self.assertRefused(self.release(documents), "did not write")
        self.assertEqual(tree(documents), before)

    def test_a_new_folder_then_the_next_release_over_it(self):
        output = os.path.join(self.scratch, "NapkinPlugins")
        first = self.release(output)
        self.assertEqual(first.returncode, 0, first.stderr)
        manifest = read(os.path.join(output, "Package.swift"))
        self.assertIn(f'url: "{URL}"', manifest)
        self.assertNotIn("path:", manifest)
        self.assertTrue(os.path.isfile(
            os.path.join(output, "Plugins", "NapkinLintPlugin", "NapkinLintPlugin.swift")))
        self.assertTrue(os.path.isfile(os.path.join(output, "LICENSE")))
        # A release over its own output replaces it, and a plugin gone from the package goes.
        stale = os.path.join(self.copy, "Tools", "NapkinPlugins", "Plugins", "Old", "Old.swift")
        os.makedirs(os.path.dirname(stale))
        with open(stale, "w", encoding="utf-8") as file:
            file.write("// a plugin of an older release\n")
        self.assertEqual(self.release(output).returncode, 0)
        shutil.rmtree(os.path.dirname(stale))
        again = self.release(output)
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertFalse(os.path.exists(os.path.join(output, "Plugins", "Old")))

    def test_the_plugins_linked_from_the_shared_sources_are_released_as_files(self):
        linked = os.path.join(
            self.copy, "Tools", "NapkinPlugins", "Plugins", "NapkinLintPlugin",
            "NapkinLintPlugin.swift")
        self.assertTrue(os.path.islink(linked))
        output = os.path.join(self.scratch, "NapkinPlugins")
        result = self.release(output)
        self.assertEqual(result.returncode, 0, result.stderr)
        released = os.path.join(output, "Plugins", "NapkinLintPlugin", "NapkinLintPlugin.swift")
        self.assertFalse(os.path.islink(released))
        self.assertEqual(read(released), read(linked))

    def test_a_plugin_linked_outside_the_shared_sources_is_refused(self):
        secret = os.path.join(self.scratch, "secret.txt")
        with open(secret, "w", encoding="utf-8") as file:
            file.write("not a plugin\n")
        planted = os.path.join(
            self.copy, "Tools", "NapkinPlugins", "Plugins", "NapkinLintPlugin", "Planted.swift")
        os.symlink(secret, planted)
        output = os.path.join(self.scratch, "NapkinPlugins")
        self.assertRefused(self.release(output), "not a file of Tools/Plugins")
        self.assertFalse(os.path.exists(output))

    def test_a_checkout_keeps_its_own_files(self):
        output = os.path.join(self.scratch, "checkout")
        os.makedirs(os.path.join(output, ".git"))
        with open(os.path.join(output, "README.md"), "w", encoding="utf-8") as file:
            file.write("# NapkinPlugins\n")
        result = self.release(output)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(read(os.path.join(output, "README.md")), "# NapkinPlugins\n")
        self.assertTrue(os.path.isdir(os.path.join(output, ".git")))

    def test_a_file_added_or_edited_after_a_release_stops_the_next_one(self):
        output = os.path.join(self.scratch, "NapkinPlugins")
        self.assertEqual(self.release(output).returncode, 0)
        added = os.path.join(output, "Plugins", "Notes.md")
        with open(added, "w", encoding="utf-8") as file:
            file.write("the maintainer's notes\n")
        with open(os.path.join(output, "LICENSE"), "a", encoding="utf-8") as file:
            file.write("an edit\n")
        before = tree(output)
        self.assertRefused(self.release(output), "Plugins/Notes.md", "LICENSE")
        self.assertEqual(tree(output), before)

    def test_a_link_in_place_of_plugins_is_not_followed(self):
        output = os.path.join(self.scratch, "checkout")
        os.makedirs(os.path.join(output, ".git"))
        elsewhere = os.path.join(self.scratch, "elsewhere")
        os.makedirs(elsewhere)
        with open(os.path.join(elsewhere, "keep.txt"), "w", encoding="utf-8") as file:
            file.write("keep\n")
        os.symlink(elsewhere, os.path.join(output, "Plugins"))
        before = tree(elsewhere)
        self.assertRefused(self.release(output), "Plugins")
        self.assertEqual(tree(elsewhere), before)
        self.assertTrue(os.path.islink(os.path.join(output, "Plugins")))


class BuildArtifactBundleTests(ScriptsTestCase):
    def test_the_default_output_is_written_and_written_again(self):
        for _ in range(2):
            result = self.bundle_to()
            self.assertEqual(result.returncode, 0, result.stderr)
        zip_path = os.path.join(self.copy, "Tools", "NapkinPlugins", "napkin.artifactbundle.zip")
        with zipfile.ZipFile(zip_path) as archive:
            self.assertIn("napkin.artifactbundle/info.json", archive.namelist())
        leftovers = [n for n in os.listdir(os.path.dirname(zip_path)) if "partial" in n]
        self.assertEqual(leftovers, [])

    def test_an_output_in_the_repositorys_sources_is_refused(self):
        before = tree(self.copy)
        for output in ("LICENSE", "Tools/Scripts/napkin.zip", "bundle.zip"):
            with self.subTest(output=output):
                self.assertRefused(self.bundle_to("--output", output), "inside this repository")
                self.assertEqual(tree(self.copy), before)

    def test_a_folder_or_a_file_that_is_no_bundle_is_refused_and_left_as_it_was(self):
        folder = os.path.join(self.scratch, "out.zip")
        os.makedirs(folder)
        with open(os.path.join(folder, "mine.txt"), "w", encoding="utf-8") as file:
            file.write("mine\n")
        other = os.path.join(self.scratch, "report.zip")
        with zipfile.ZipFile(other, "w") as archive:
            archive.writestr("report.txt", "a zip of the user's")
        before = tree(self.scratch)
        self.assertRefused(self.bundle_to("--output", folder), "is a folder")
        self.assertRefused(self.bundle_to("--output", other), "not an artifact bundle")
        self.assertEqual(tree(self.scratch), before)

    def test_a_partial_file_of_the_same_name_is_not_touched(self):
        output = os.path.join(self.scratch, "out", "napkin.artifactbundle.zip")
        os.makedirs(os.path.dirname(output))
        partial = output + ".partial"
        with open(partial, "w", encoding="utf-8") as file:
            file.write("someone else's\n")
        result = self.bundle_to("--output", output)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(read(partial), "someone else's\n")
        self.assertTrue(zipfile.is_zipfile(output))


if __name__ == "__main__":
    unittest.main(verbosity=2)
