// swift-tools-version: 6.2
// NapkinTools: the `napkin` command and the plugins that build it from source.
// Licensed under the Apache License 2.0; see LICENSE at the root of the repository.
import PackageDescription

// Warnings fail the build of this package's own targets only: SwiftPM ignores warning settings
// of dependencies, so swift-syntax and swift-argument-parser build as their authors ship them.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .treatAllWarnings(as: .error),
]

let package = Package(
  name: "NapkinTools",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "napkin", targets: ["NapkinCommand"]),
    .plugin(name: "NapkinCommandPlugin", targets: ["NapkinCommandPlugin"]),
    .plugin(name: "NapkinWritePlugin", targets: ["NapkinWritePlugin"]),
    .plugin(name: "NapkinLintPlugin", targets: ["NapkinLintPlugin"]),
  ],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.0"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
  ],
  targets: [
    // Parsing, the component graph, lint rules, scaffolding and the command line itself.
    .target(
      name: "NapkinToolKit",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictSettings
    ),
    // The `napkin` executable: a thin `main` over NapkinToolKit.
    .executableTarget(
      name: "NapkinCommand",
      dependencies: ["NapkinToolKit"],
      swiftSettings: strictSettings
    ),
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
      dependencies: ["NapkinCommand"]
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
      dependencies: ["NapkinCommand"]
    ),
    // Lints a target's sources on every build; findings appear as compiler warnings.
    .plugin(
      name: "NapkinLintPlugin",
      capability: .buildTool(),
      dependencies: ["NapkinCommand"]
    ),
    .testTarget(
      name: "NapkinToolKitTests",
      dependencies: [
        "NapkinToolKit", "NapkinCommand",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ],
      exclude: ["Fixtures"],
      swiftSettings: strictSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
