import Foundation

/// The compiler as the judge of `napkin fix`: the SwiftPM targets holding the files fix edits
/// are built before and after the edits, in a scratch path of fix's own (so that a plugin or a
/// build running at the same time does not hold its lock), and an error that was not there
/// before is an error the edits added.
enum CompilerCheck {
  /// A package and the targets of it that hold the edited files.
  struct Targets: Hashable, Sendable {
    var root: String
    var names: [String]
  }

  /// One error the compiler printed, keyed without its line and column: edits move lines.
  struct CompilerError: Hashable, Sendable {
    var file: String
    var line: Int
    var message: String
    /// The line as printed, with its position.
    var text: String

    var key: [String] { [file, message] }
  }

  /// What a build said: its errors in the order printed, and whether it failed.
  struct Outcome: Sendable {
    var errors: [CompilerError]
    var failed: Bool
    /// The end of the output, for a failure the compiler gave no `error:` line for.
    var tail: String
  }

  /// The longest one build may take; a build that does not end by then counts as failed.
  static let timeLimit: TimeInterval = 30 * 60

  /// Where fix builds, inside the package's `.build`.
  static func scratchPath(of root: String) -> String { root + "/.build/napkin-fix" }

  /// The packages (a `Package.swift` in the file's folder or above it) and the targets that
  /// hold `files`; the files no package holds, or no target of it, are returned apart, and so
  /// are the packages whose manifest `swift package describe` cannot read.
  static func targets(
    of files: [String]
  ) -> (targets: [Targets], outside: [String], unreadable: [String]) {
    var byRoot: [String: Set<String>] = [:]
    var outside: [String] = []
    // Each package described once; nil for one whose manifest cannot be read.
    var described: [String: [(name: String, path: String)]?] = [:]
    for file in files {
      let absolute = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
      guard let root = packageRoot(containing: absolute) else {
        outside.append(file)
        continue
      }
      if described.index(forKey: root) == nil { described[root] = describe(root) }
      guard let targets = described[root] ?? nil else { continue }
      guard let target = targets.first(where: { absolute.hasPrefix($0.path + "/") }) else {
        outside.append(file)
        continue
      }
      byRoot[root, default: []].insert(target.name)
    }
    let targets = byRoot.keys.sorted().map {
      Targets(root: $0, names: byRoot[$0, default: []].sorted())
    }
    return (targets, outside, described.filter { $0.value == nil }.keys.sorted())
  }

  /// The nearest folder at or above `file`'s that holds a `Package.swift`.
  static func packageRoot(containing file: String) -> String? {
    var folder = (file as NSString).deletingLastPathComponent
    while !folder.isEmpty {
      var info = stat()
      if lstat(folder + "/Package.swift", &info) == 0, info.st_mode & S_IFMT == S_IFREG {
        return folder
      }
      if folder == "/" { return nil }
      folder = (folder as NSString).deletingLastPathComponent
    }
    return nil
  }

  /// The package's targets with the absolute paths of their folders, longest first (a target
  /// nested in another's folder wins), from `swift package describe`.
  private static func describe(_ root: String) -> [(name: String, path: String)]? {
    struct Description: Decodable {
      struct Target: Decodable {
        var name: String
        var path: String
      }
      var targets: [Target]
    }
    let run = self.run("package", in: root, ["describe", "--type", "json"])
    guard run.status == 0, let start = run.output.firstIndex(of: "{"),
      let description = try? JSONDecoder().decode(
        Description.self, from: Data(run.output[start...].utf8))
    else { return nil }
    return description.targets.map { (name: $0.name, path: root + "/" + $0.path) }
      .sorted { $0.path.count > $1.path.count }
  }

  /// Builds `targets` in fix's scratch path; the errors of every target, in order.
  static func build(_ targets: Targets) -> Outcome {
    var outcome = Outcome(errors: [], failed: false, tail: "")
    for name in targets.names {
      let run = self.run("build", in: targets.root, ["--target", name])
      outcome.failed = outcome.failed || run.status != 0
      outcome.errors += errors(in: run.output)
      if run.status != 0 {
        outcome.tail = run.output.split(separator: "\n").suffix(5).joined(separator: "\n")
      }
    }
    return outcome
  }

  /// The errors after the edits that the build before did not have (as many times as it had
  /// them), in the order printed; the end of the output when a build that succeeded fails after
  /// without an error line.
  static func added(before: Outcome, after: Outcome) -> [CompilerError] {
    var counts: [[String]: Int] = [:]
    for error in before.errors { counts[error.key, default: 0] += 1 }
    let added = after.errors.filter { error in
      let left = counts[error.key, default: 0]
      counts[error.key] = left - 1
      return left <= 0
    }
    guard added.isEmpty, after.failed, !before.failed else { return added }
    return [CompilerError(file: "", line: 0, message: after.tail, text: after.tail)]
  }

  /// `path:line:column: error: message` lines.
  static func errors(in output: String) -> [CompilerError] {
    var seen: Set<String> = []
    return output.split(separator: "\n").compactMap { line -> CompilerError? in
      guard let range = line.range(of: ": error: "), line.hasPrefix("/"),
        seen.insert(String(line)).inserted
      else { return nil }
      let place = line[..<range.lowerBound].split(separator: ":")
      guard let file = place.first else { return nil }
      return CompilerError(
        file: String(file), line: place.dropFirst().first.flatMap { Int($0) } ?? 0,
        message: String(line[range.upperBound...]), text: String(line))
    }
  }

  /// Runs `swift command` on the package at `root`, in fix's scratch path, with `arguments`; its
  /// output (standard error included) in a temporary file read up to 8 MiB, waiting at most
  /// ``timeLimit``.
  private static func run(
    _ command: String, in root: String, _ arguments: [String]
  ) -> (status: Int32, output: String) {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    guard
      let swift = path.split(separator: ":").map({ String($0) + "/swift" })
        .first(where: FileManager.default.isExecutableFile(atPath:))
    else { return (127, "error: no `swift` on PATH") }
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("napkin-fix-\(UUID().uuidString).log")
    guard FileManager.default.createFile(atPath: log.path, contents: nil),
      let handle = try? FileHandle(forUpdating: log)
    else { return (1, "error: cannot create a temporary file for the compiler's output") }
    defer {
      try? handle.close()
      try? FileManager.default.removeItem(at: log)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: swift)
    process.arguments =
      [command, "--package-path", root, "--scratch-path", scratchPath(of: root)] + arguments
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return (1, "error: cannot run swift: \(error.localizedDescription)")
    }
    let deadline = Date().addingTimeInterval(timeLimit)
    while process.isRunning, Date() < deadline {
      usleep(50_000)
    }
    let finished = !process.isRunning
    if !finished {
      process.terminate()
      process.waitUntilExit()
    }
    // The build wrote through this same open file, which left its offset at the end.
    try? handle.seek(toOffset: 0)
    let output = String(decoding: (try? handle.read(upToCount: 8 << 20)) ?? Data(), as: UTF8.self)
    return finished
      ? (process.terminationStatus, output)
      : (-1, output + "\nerror: the build took longer than \(Int(timeLimit / 60)) minutes")
  }
}
