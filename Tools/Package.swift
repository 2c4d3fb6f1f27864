// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// The folder of the toolchain that holds SwiftSyntax and SwiftParser (`<toolchain>/usr/lib/swift/host`).
///
/// The parser libraries ship inside every Swift toolchain, compiled by that toolchain's compiler, so
/// their `.swiftmodule` files load only with that compiler. The folder is therefore found from the
/// toolchain doing the build, never hard-coded:
/// 1. `NAPKIN_SWIFT_HOST_LIBRARIES`, if set, names the folder outright;
/// 2. otherwise the `swift` that the shell ran (`_`), then `swiftc` and `swift` found on `PATH`, each
///    with symbolic links resolved, give `<bin>/../lib/swift/host`.
/// The first candidate that contains `SwiftSyntax.swiftmodule` wins.
func toolchainHostLibraries() -> String? {
  let environment = Context.environment
  let fileManager = FileManager.default
  func holdsSwiftSyntax(_ folder: String) -> Bool {
    fileManager.fileExists(atPath: folder + "/SwiftSyntax.swiftmodule")
  }
  if let explicit = environment["NAPKIN_SWIFT_HOST_LIBRARIES"], !explicit.isEmpty {
    return holdsSwiftSyntax(explicit) ? explicit : nil
  }
  var executables: [String] = []
  if let invoked = environment["_"], invoked.hasSuffix("/swift") || invoked.hasSuffix("/swiftc") {
    executables.append(invoked)
  }
  for folder in (environment["PATH"] ?? "").split(separator: ":") {
    executables.append("\(folder)/swiftc")
    executables.append("\(folder)/swift")
  }
  for executable in executables where fileManager.isExecutableFile(atPath: executable) {
    let resolved = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
    let host = resolved.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("lib/swift/host").path
    if holdsSwiftSyntax(host) {
      return host
    }
  }
  return nil
}

guard let hostLibraries = toolchainHostLibraries() else {
  fatalError(
    """
    napkin: cannot find SwiftSyntax.swiftmodule in the toolchain's lib/swift/host folder (from \
    swiftc/swift on PATH). Put the toolchain's bin folder on PATH, or set \
    NAPKIN_SWIFT_HOST_LIBRARIES to its usr/lib/swift/host folder.
    """)
}

/// Compiler and linker flags that make the toolchain's parser libraries importable and loadable.
let parserSwiftSettings: [SwiftSetting] = [.unsafeFlags(["-I", hostLibraries])]
let parserLinkerSettings: [LinkerSetting] =
  [.unsafeFlags(["-L", hostLibraries, "-Xlinker", "-rpath", "-Xlinker", hostLibraries])]
  + [
    "SwiftSyntax", "SwiftParser", "SwiftParserDiagnostics", "SwiftDiagnostics", "SwiftBasicFormat",
  ]
  .map { LinkerSetting.linkedLibrary($0) }

let strictSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
  name: "NapkinTools",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "napkin", targets: ["NapkinCommand"])
  ],
  targets: [
    // Parsing, the component graph, lint rules, scaffolding and the command line itself.
    .target(
      name: "NapkinToolKit",
      swiftSettings: strictSettings + parserSwiftSettings,
      linkerSettings: parserLinkerSettings
    ),
    // The `napkin` executable: a thin `main` over NapkinToolKit.
    .executableTarget(
      name: "NapkinCommand",
      dependencies: ["NapkinToolKit"],
      swiftSettings: strictSettings + parserSwiftSettings,
      linkerSettings: parserLinkerSettings
    ),
    .testTarget(
      name: "NapkinToolKitTests",
      dependencies: ["NapkinToolKit", "NapkinCommand"],
      exclude: ["Fixtures"],
      swiftSettings: strictSettings + parserSwiftSettings,
      linkerSettings: parserLinkerSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
