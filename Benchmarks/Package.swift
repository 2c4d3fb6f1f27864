// swift-tools-version: 6.2
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
