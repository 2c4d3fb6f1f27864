// swift-tools-version: 6.2
// NapkinPlugins: the `napkin` plugins, running a prebuilt `napkin` from an artifact bundle, so
// that a package using them compiles no swift-syntax.
// Licensed under the Apache License 2.0; see LICENSE at the root of the repository.
import PackageDescription

let package = Package(
  name: "NapkinPlugins",
  platforms: [.macOS(.v15)],
  products: [
    .plugin(name: "NapkinCommandPlugin", targets: ["NapkinCommandPlugin"]),
    .plugin(name: "NapkinWritePlugin", targets: ["NapkinWritePlugin"]),
    .plugin(name: "NapkinLintPlugin", targets: ["NapkinLintPlugin"]),
  ],
  targets: [
    // In this repository, the bundle Tools/Scripts/build-artifact-bundle.py writes beside this
    // file (ignored by Git). Tools/Scripts/release-plugins-package.py writes the released copy of
    // this package, where this line becomes `.binaryTarget(name:url:checksum:)`.
    .binaryTarget(name: "napkin", path: "napkin.artifactbundle.zip"),
    // `swift package napkin lint|graph|why`: read-only, so SwiftPM asks for no permission.
    .plugin(
      name: "NapkinCommandPlugin",
      capability: .command(
        intent: .custom(
          verb: "napkin",
          description:
            "Check (lint), draw (graph) or explain (why) the package's napkins; reads only"),
        permissions: []
      ),
      dependencies: ["napkin"]
    ),
    // `swift package napkin-write new|fix`: the verbs that write to the package.
    .plugin(
      name: "NapkinWritePlugin",
      capability: .command(
        intent: .custom(
          verb: "napkin-write",
          description: "Scaffold (new) or fix (fix) the package's napkins; writes to the package"),
        permissions: [
          .writeToPackageDirectory(
            reason: "'napkin new' writes the files of a new napkin; 'napkin fix' edits sources")
        ]
      ),
      dependencies: ["napkin"]
    ),
    // Lints a target's sources on every build; findings appear as compiler warnings.
    .plugin(
      name: "NapkinLintPlugin",
      capability: .buildTool(),
      dependencies: ["napkin"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
