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

    // The examples' one way of printing text from outside on a terminal; no product exposes it.
    .target(
      name: "TerminalSafety",
      path: "Examples/Shared/TerminalSafety",
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "HomeNapkin",
      dependencies: ["Napkin", "TerminalSafety"],
      path: "Examples/HomeNapkin",
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "Notebook",
      dependencies: ["Airframe", "TerminalSafety"],
      path: "Examples/Notebook",
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "Shop",
      dependencies: ["TerminalSafety"],
      path: "Examples/Shop",
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
      dependencies: ["NapkinTesting"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "HomeNapkinTests",
      dependencies: ["HomeNapkin", "Napkin", "NapkinTesting", "BuiltProducts"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "NotebookTests",
      dependencies: ["Notebook", "Airframe", "NapkinTesting", "TerminalSafety", "BuiltProducts"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "ShopTests",
      dependencies: ["Shop", "NapkinTesting", "TerminalSafety", "BuiltProducts"],
      // The tests run this HTTP server with python3 (located through #filePath); not a resource.
      exclude: ["Support/order_server.py"],
      swiftSettings: strictSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
