import BuiltProducts
import Foundation

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// Type-checks a client file against the `Napkin` module this test run was built with, the way an
  /// app that depends on the package compiles: for rules of the API that only the compiler checks.
  enum ClientCompiler {
    /// What `swiftc` said and how it ended.
    struct Outcome {
      let status: Int32
      let diagnostics: String
    }

    /// Why the client could not be compiled at all, and how to fix it.
    struct SetupError: Error, CustomStringConvertible {
      let description: String
    }

    /// The isolation settings a client module is built with.
    enum Isolation {
      /// SwiftPM's default: declarations are nonisolated unless they say otherwise.
      case swiftPMDefault
      /// A new Xcode 26 app target: default isolation `MainActor`, with
      /// `NonisolatedNonsendingByDefault` and `InferIsolatedConformances`.
      case xcodeDefault

      var flags: [String] {
        switch self {
        case .swiftPMDefault:
          []
        case .xcodeDefault:
          [
            "-default-isolation", "MainActor",
            "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
            "-enable-upcoming-feature", "InferIsolatedConformances",
          ]
        }
      }
    }

    /// Type-checks `source` in Swift language mode `languageMode` ("5" or "6"), with the
    /// `isolation` settings of the client's module.
    static func typecheck(
      _ source: String, languageMode: String, isolation: Isolation = .swiftPMDefault
    ) throws -> Outcome {
      let modules = try modulesFolder()
      let compiler = try swiftc()
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("napkin-client-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("Client.swift")
      try Data(source.utf8).write(to: file)

      // Bounded like every child of the tests: a compiler that hangs fails its test.
      let run = try BuiltProduct.run(
        compiler,
        arguments: ["-typecheck", "-swift-version", languageMode] + isolation.flags + [
          "-I", modules.path, file.path,
        ],
        timeLimit: .seconds(300))
      return Outcome(status: run.status, diagnostics: run.standardError + run.standardOutput)
    }

    /// The folder of `.swiftmodule`s next to the test bundle: `<bin>/Modules`, or `<bin>` itself.
    private static func modulesFolder() throws -> URL {
      var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      for _ in 0..<5 {
        folder.deleteLastPathComponent()
        for candidate in [folder.appendingPathComponent("Modules"), folder] {
          let module = candidate.appendingPathComponent("Napkin.swiftmodule")
          if FileManager.default.fileExists(atPath: module.path) {
            return candidate
          }
        }
      }
      throw SetupError(
        description: "Napkin.swiftmodule not found near \(CommandLine.arguments[0]); run the tests "
          + "with `swift test`, which builds it.")
    }

    /// The `swiftc` on `PATH`, the one that built this package.
    private static func swiftc() throws -> URL {
      let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
      for folder in path.split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
        if FileManager.default.isExecutableFile(atPath: candidate.path) {
          return candidate
        }
      }
      throw SetupError(
        description: "swiftc not found on PATH (\(path)); put the toolchain on PATH.")
    }
  }
#endif
