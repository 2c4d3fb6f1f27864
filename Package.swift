// swift-tools-version: 6.2
// Napkin: wiring for Swift apps (Napkin, Airframe, NapkinTesting) and its examples.
// Licensed under the Apache License 2.0; see LICENSE. What changed in each release: CHANGELOG.md.
import PackageDescription

/// Swift 6 language mode everywhere (complete strict concurrency is its default), and `any` spelled
/// out for every existential.
let strictSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
  name: "Napkin",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Napkin", targets: ["Napkin"]),
    .library(name: "Airframe", targets: ["Airframe"]),
    .library(name: "NapkinTesting", targets: ["NapkinTesting"]),
    .executable(name: "HomeNapkin", targets: ["HomeNapkin"]),
    .executable(name: "Notebook", targets: ["Notebook"]),
    .executable(name: "Shop", targets: ["Shop"]),
  ],
  targets: [
    // The once-per-key machinery behind `Component.shared` and Airframe's `shared(for:)`.
    // Internal: no product exposes it, so neither module has to import the other for it.
    .target(name: "NapkinOnce", swiftSettings: strictSettings),
    .target(name: "Napkin", dependencies: ["NapkinOnce"], swiftSettings: strictSettings),
    .target(name: "Airframe", dependencies: ["NapkinOnce"], swiftSettings: strictSettings),
    .target(
      name: "NapkinTesting",
      dependencies: ["Napkin", "Airframe", "NapkinOnce"],
      swiftSettings: strictSettings
    ),

    // The examples: each one's own target is its lesson, one source document's pattern; the
    // engines behind them (Examples/Engines) are library targets no product exposes.
    .executableTarget(
      name: "HomeNapkin",
      dependencies: ["Napkin", "TerminalIO"],
      path: "Examples/HomeNapkin",
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "Notebook",
      dependencies: ["Airframe", "NotebookStorage", "TerminalIO"],
      path: "Examples/Notebook",
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "Shop",
      dependencies: ["BoundedHTTP", "TerminalIO"],
      path: "Examples/Shop",
      swiftSettings: strictSettings
    ),
    // Notebook's files: storage, file locks, the model's validation and the sync merge.
    .target(
      name: "NotebookStorage",
      dependencies: ["TerminalIO"],
      path: "Examples/Engines/NotebookStorage",
      exclude: ["README.md"],
      swiftSettings: strictSettings
    ),
    // Shop's HTTP client, bounded against a hostile server, with its corelibs workarounds.
    .target(
      name: "BoundedHTTP",
      path: "Examples/Engines/BoundedHTTP",
      exclude: ["README.md"],
      swiftSettings: strictSettings
    ),
    // The three programs' terminal: escaping, output that reports its loss, bounded line input,
    // one argument parser and exit convention, a file replaced whole.
    .target(
      name: "TerminalIO",
      path: "Examples/Engines/TerminalIO",
      exclude: ["README.md"],
      swiftSettings: strictSettings
    ),

    // Finds the examples' executables for their tests; no product exposes it.
    .target(
      name: "BuiltProducts",
      path: "Tests/Support/BuiltProducts",
      swiftSettings: strictSettings
    ),

    // Without ExistentialAny: the seed's `Component<HomeDependency>` must compile verbatim here.
    .testTarget(name: "NapkinTests", dependencies: ["Napkin", "NapkinOnce", "BuiltProducts"]),
    .testTarget(
      name: "NapkinOnceTests", dependencies: ["NapkinOnce"], swiftSettings: strictSettings),
    .testTarget(
      name: "AirframeTests",
      dependencies: ["Airframe", "NapkinTesting", "NapkinOnce"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "NapkinTestingTests",
      dependencies: ["NapkinTesting", "Napkin", "Airframe"],
      swiftSettings: strictSettings
    ),
    // XCTest is the subject here: NapkinTesting's checks must fail an XCTest test, at the caller's
    // line, from a file that imports only XCTest.
    .testTarget(
      name: "NapkinTestingXCTests",
      dependencies: ["NapkinTesting", "Napkin"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "HomeNapkinTests",
      dependencies: ["HomeNapkin", "Napkin", "NapkinTesting", "TerminalIO", "BuiltProducts"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "NotebookTests",
      dependencies: [
        "Notebook", "NotebookStorage", "Airframe", "NapkinTesting", "TerminalIO", "BuiltProducts",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "ShopTests",
      dependencies: ["Shop", "BoundedHTTP", "NapkinTesting", "TerminalIO", "BuiltProducts"],
      // The tests run this HTTP server with python3 (located through #filePath); not a resource.
      exclude: ["Support/order_server.py"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "NotebookStorageTests",
      dependencies: ["NotebookStorage"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BoundedHTTPTests",
      dependencies: ["BoundedHTTP"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TerminalIOTests",
      dependencies: ["TerminalIO"],
      swiftSettings: strictSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
