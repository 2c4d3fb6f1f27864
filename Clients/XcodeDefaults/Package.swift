// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// A client app built as a new Xcode 26 app target is: default isolation `MainActor`, and the two
/// upcoming features Xcode's "approachable concurrency" turns on. CI builds the examples here,
/// unchanged, to prove that what the docs teach compiles in that mode too.
let xcodeDefaults: [SwiftSetting] = [
  .defaultIsolation(MainActor.self),
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
]

/// The examples' targets are renamed here, because SwiftPM wants target names unique across the
/// package graph; the aliases keep the examples' own spellings (`import TerminalIO`,
/// `import BoundedHTTP`, `import NotebookStorage`, `@testable import Notebook`). (`unsafeFlags` is
/// fine: nothing depends on this package.)
let examplesUnchanged: [SwiftSetting] = [
  .unsafeFlags([
    "-module-alias", "TerminalIO=XcodeTerminalIO",
    "-module-alias", "BoundedHTTP=XcodeBoundedHTTP",
    "-module-alias", "NotebookStorage=XcodeNotebookStorage",
    "-module-alias", "Notebook=XcodeNotebook",
  ])
]

/// SwiftPM names a path dependency after its folder, which is the checkout's.
let napkin = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent.lowercased()

let package = Package(
  name: "XcodeDefaults",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [.package(path: "../..")],
  targets: [
    // Each example's sources, through a symbolic link to the example's folder.
    .target(name: "XcodeTerminalIO", exclude: ["README.md"], swiftSettings: xcodeDefaults),
    .target(name: "XcodeBoundedHTTP", exclude: ["README.md"], swiftSettings: xcodeDefaults),
    .target(
      name: "XcodeNotebookStorage", dependencies: ["XcodeTerminalIO"], exclude: ["README.md"],
      swiftSettings: xcodeDefaults + examplesUnchanged
    ),
    .executableTarget(
      name: "XcodeHomeNapkin",
      dependencies: [.product(name: "Napkin", package: napkin), "XcodeTerminalIO"],
      swiftSettings: xcodeDefaults + examplesUnchanged
    ),
    .executableTarget(
      name: "XcodeNotebook",
      dependencies: [
        .product(name: "Airframe", package: napkin), "XcodeNotebookStorage", "XcodeTerminalIO",
      ],
      swiftSettings: xcodeDefaults + examplesUnchanged
    ),
    .executableTarget(
      name: "XcodeShop",
      dependencies: ["XcodeBoundedHTTP", "XcodeTerminalIO"],
      swiftSettings: xcodeDefaults + examplesUnchanged
    ),
    // A test target with Xcode 26's defaults, as an app's test target has them.
    .testTarget(
      name: "XcodeDefaultsTests",
      dependencies: [
        "XcodeHomeNapkin", "XcodeNotebook", "XcodeShop",
        .product(name: "Napkin", package: napkin),
        .product(name: "Airframe", package: napkin),
        .product(name: "NapkinTesting", package: napkin),
      ],
      swiftSettings: xcodeDefaults + examplesUnchanged
    ),
  ],
  swiftLanguageModes: [.v6]
)
