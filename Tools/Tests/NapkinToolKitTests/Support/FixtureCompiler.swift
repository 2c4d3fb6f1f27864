import Foundation

/// Type-checks fixtures against the Napkin module the way an app's target compiles them, in
/// SwiftPM's default mode and in Xcode 26's (default isolation `MainActor` and the two upcoming
/// features `Clients/XcodeDefaults` turns on). The module is built once per test run, in a
/// package under `Tools/.build` that depends on this checkout by path (so a second run is
/// incremental), and each fixture is one `swiftc -typecheck` against it: one compiler run per
/// fixture and mode, on a machine with two cores.
enum FixtureCompiler {
  enum Mode: String, CaseIterable, Sendable, CustomStringConvertible {
    case swiftPM = "SwiftPM's default"
    case xcode = "Xcode 26's MainActor default"

    var description: String { rawValue }

    /// The flags `Clients/XcodeDefaults/Package.swift` gives its targets, as `swiftc` takes them.
    var flags: [String] {
      switch self {
      case .swiftPM: []
      case .xcode:
        [
          "-default-isolation", "MainActor",
          "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
          "-enable-upcoming-feature", "InferIsolatedConformances",
        ]
      }
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// What the compiler said of one fixture in one mode.
  struct Outcome: Sendable {
    var compiles: Bool
    var errors: String
  }

  /// The Napkin sources and a Swift toolchain are in this checkout and on `PATH`.
  static let isAvailable =
    swiftExecutable(named: "swift") != nil && swiftExecutable(named: "swiftc") != nil
    && FileManager.default.fileExists(
      atPath: Paths.repository.appendingPathComponent("Sources/Napkin").path)

  /// The folder holding `Napkin.swiftmodule` and the modules it imports, built on first use.
  static let modules: Result<String, Failure> = buildModules()

  /// Type-checks `files` together as one module in `mode`.
  static func typecheck(_ files: [String], mode: Mode) throws -> Outcome {
    let modules = try self.modules.get()
    guard let swiftc = swiftExecutable(named: "swiftc") else {
      throw Failure(description: "no swiftc on PATH")
    }
    let result = try NapkinProcess.run(
      swiftc,
      ["-typecheck", "-swift-version", "6", "-module-name", "Fixture", "-I", modules]
        + mode.flags + files,
      timeLimit: .seconds(600))
    let errors = (result.output + result.errors).split(separator: "\n")
      .filter { $0.contains("error:") && !$0.hasPrefix(" ") }.joined(separator: "\n")
    return Outcome(compiles: result.status == 0 && !result.timedOut, errors: errors)
  }

  /// The Swift files of a folder, recursively, as full paths.
  static func swiftFiles(in folder: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var files: [String] = []
    while let relative = enumerator?.nextObject() as? String {
      if relative.hasSuffix(".swift") { files.append(folder + "/" + relative) }
    }
    return files.sorted()
  }

  private static func buildModules() -> Result<String, Failure> {
    let folder = Paths.repository.appendingPathComponent("Tools/.build/napkin-fixture-modules")
      .path
    let identity = Paths.repository.lastPathComponent.lowercased()
    let manifest = """
      // swift-tools-version: 6.2
      import PackageDescription

      let package = Package(
        name: "FixtureModules",
        platforms: [.macOS(.v15), .iOS(.v18)],
        dependencies: [.package(path: "\(Paths.repository.path)")],
        targets: [
          .target(name: "Probe", dependencies: [.product(name: "Napkin", package: "\(identity)")])
        ]
      )

      """
    do {
      try FileManager.default.createDirectory(
        atPath: folder + "/Sources/Probe", withIntermediateDirectories: true)
      try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder + "/Package.swift"))
      try Data("import Napkin\n".utf8).write(
        to: URL(fileURLWithPath: folder + "/Sources/Probe/Probe.swift"))
      guard let swift = swiftExecutable(named: "swift") else {
        return .failure(Failure(description: "no swift on PATH"))
      }
      let build = try NapkinProcess.run(
        swift, ["build", "--package-path", folder, "--target", "Probe"],
        timeLimit: .seconds(1800))
      guard build.status == 0 else {
        return .failure(
          Failure(description: "building Napkin failed:\n\(build.output)\(build.errors)"))
      }
      let binPath = try NapkinProcess.run(
        swift, ["build", "--package-path", folder, "--show-bin-path"])
      let bin = binPath.output.trimmingCharacters(in: .whitespacesAndNewlines)
      for candidate in [bin + "/Modules", bin]
      where FileManager.default.fileExists(atPath: candidate + "/Napkin.swiftmodule") {
        return .success(candidate)
      }
      return .failure(Failure(description: "no Napkin.swiftmodule under \(bin)"))
    } catch {
      return .failure(Failure(description: "\(error)"))
    }
  }

  static func swiftExecutable(named name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0) + "/" + name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
