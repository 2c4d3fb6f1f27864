// swift-tools-version: 6.2
// NapkinBenchmarks: release-mode measurements of Napkin against hand wiring.
// Licensed under the Apache License 2.0; see LICENSE at the root of the repository.
import PackageDescription

let package = Package(
  name: "NapkinBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "Napkin", path: "..")],
  targets: [
    .executableTarget(
      name: "NapkinBenchmarks",
      dependencies: [
        .product(name: "Napkin", package: "Napkin"),
        .product(name: "Airframe", package: "Napkin"),
      ],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    )
  ],
  swiftLanguageModes: [.v6]
)
