import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an app of many napkins costs to build: the compiler's CPU time (user + sys, which other
/// load on the machine disturbs less than wall time) for the tree's module, and the size of the
/// code it produces (`size`'s text), for each wiring of the same tree. Two release builds:
///
/// - one `swiftc -O -whole-module-optimization` producing one object, the compiler alone;
/// - the build `swift build -c release` runs for a target: whole-module optimization with one
///   object per file (`-num-threads 2`), debug information (`-g`), the module emitted, then the
///   executable linked with `--gc-sections` (against Napkin's own objects for the Napkin tree).
///   This is how an app team builds, so the compiler's and the linker's CPU are both counted.
///
/// and a debug build (`-Onone -g`, batch mode). The tree's module is compiled against the modules
/// this benchmark was built with (the `Modules` folder beside the executable, and the objects in
/// the `.build` folders beside it), so only the generated module is timed.
enum AppScale {
  static func run(scale: Scale) -> [Report] {
    let compiler = TreeCompiler()
    // The first compile of a process pays for the compiler's module caches; no subject should.
    _ = compiler.measure(AppTree(napkins: 4, wiring: .napkin), rounds: 1)
    return scale.appNapkins.flatMap { napkins in
      let results = AppTree.Wiring.allCases.map { wiring in
        compiler.measure(AppTree(napkins: napkins, wiring: wiring), rounds: scale.appRounds)
      }
      func report(_ title: String, _ unit: String, _ figure: (TreeCompiler.Result) -> Double)
        -> Report
      {
        let rows = zip(AppTree.Wiring.allCases, results).map { wiring, result in
          Report.Row(subject: subjectName(wiring), value: figure(result))
        }
        return Report(
          scenario: "App of \(napkins) napkins: \(title)", unit: unit,
          baseline: rows[1], others: [rows[0], rows[2]])
      }
      return [
        report(
          "release build of the tree's module (compiler CPU, best of \(scale.appRounds))",
          "s", \.releaseSeconds),
        report(
          "release build as swift build -c release runs it (per-file objects, -g, link;"
            + " compiler and linker CPU, best of \(scale.appRounds))",
          "s", \.perFileSeconds),
        report(
          "debug build of the tree's module (compiler CPU, best of \(scale.appRounds))",
          "s", \.debugSeconds),
        report("code size of the release build (size's text)", "KB") {
          Double($0.releaseTextBytes) / 1_000
        },
        report("code size of the per-file release build (size's text of its objects)", "KB") {
          Double($0.perFileTextBytes) / 1_000
        },
      ]
    }
  }

  private static func subjectName(_ wiring: AppTree.Wiring) -> String {
    switch wiring {
    case .napkin: "Napkin components"
    case .hand: "hand wiring (final classes, lazy vars)"
    case .handWithProtocols: "hand wiring + dependency protocols"
    }
  }
}

/// Compiles generated trees with `swiftc` and measures each build.
struct TreeCompiler {
  struct Result {
    let releaseSeconds: Double
    let perFileSeconds: Double
    let debugSeconds: Double
    let releaseTextBytes: Int
    let perFileTextBytes: Int
  }

  /// How a build compiles the tree.
  enum Mode: String {
    /// One `swiftc -O -whole-module-optimization` invocation producing one object.
    case release
    /// What `swift build -c release` runs for a target (see ``AppScale``), then the link.
    case perFile = "per-file"
    /// `-Onone -g`, batch mode, as `swift build` runs it.
    case debug
  }

  /// Where `import Napkin` is found: the modules of this benchmark's own build.
  private let modules: String = {
    let executable = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
    let modules = executable.deletingLastPathComponent().appendingPathComponent("Modules").path
    guard FileManager.default.fileExists(atPath: modules + "/Napkin.swiftmodule") else {
      fatalError(
        "app-scale: no Napkin.swiftmodule in \(modules); run the benchmarks with swift run")
    }
    return modules
  }()

  /// The objects of the modules a Napkin tree links against, from this benchmark's own build.
  private var napkinObjects: [String] {
    let executable = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
    let folder = executable.deletingLastPathComponent()
    return ["NapkinOnce.build", "Napkin.build"].flatMap { module -> [String] in
      let path = folder.appendingPathComponent(module).path
      let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      let objects = names.filter { $0.hasSuffix(".o") }.sorted().map { path + "/" + $0 }
      guard !objects.isEmpty else {
        fatalError("app-scale: no objects in \(path); run the benchmarks with swift run")
      }
      return objects
    }
  }

  /// The best of `rounds` builds in each mode, from a fresh copy of the sources each time.
  func measure(_ tree: AppTree, rounds: Int) -> Result {
    var release = Double.infinity
    var perFile = Double.infinity
    var debug = Double.infinity
    var text = 0
    var perFileText = 0
    for _ in 0..<rounds {
      let releaseBuild = build(tree, .release)
      release = min(release, releaseBuild.seconds)
      text = releaseBuild.textBytes
      let perFileBuild = build(tree, .perFile)
      perFile = min(perFile, perFileBuild.seconds)
      perFileText = perFileBuild.textBytes
      debug = min(debug, build(tree, .debug).seconds)
    }
    return Result(
      releaseSeconds: release, perFileSeconds: perFile, debugSeconds: debug,
      releaseTextBytes: text, perFileTextBytes: perFileText)
  }

  private func build(_ tree: AppTree, _ mode: Mode) -> (seconds: Double, textBytes: Int) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "napkin-app-scale-\(getpid())-\(tree.wiring.rawValue)-\(tree.napkins)-\(mode.rawValue)")
    try? FileManager.default.removeItem(at: directory)
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
      // An executable needs an entry point; the whole-module build keeps to the tree alone.
      let entry = mode == .perFile ? [AppTree.entryPointFile] : []
      for file in tree.files + entry {
        try file.contents.write(
          to: directory.appendingPathComponent(file.name), atomically: false, encoding: .utf8)
      }
    } catch {
      fatalError("app-scale: could not write the generated tree to \(directory.path): \(error)")
    }
    // The flags SwiftPM uses for each configuration (`swift build -v` shows them): whole-module
    // optimization for release, one object per file and debug information as it builds a target,
    // batch mode with debug information for debug.
    let flags: [String]
    switch mode {
    case .release: flags = ["-O", "-whole-module-optimization", "-o", "Tree.o"]
    case .perFile:
      flags = [
        "-O", "-whole-module-optimization", "-num-threads", "2", "-j", "2", "-g", "-emit-module",
      ]
    case .debug: flags = ["-Onone", "-g", "-enable-batch-mode", "-j", "2"]
    }
    let sources = try! FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    let seconds = childCPUSeconds {
      run(
        "swiftc",
        ["-swift-version", "6", "-module-name", "Tree", "-parse-as-library", "-c", "-I", modules]
          + flags + sources, in: directory)
      if mode == .perFile {
        let objects = sources.map { $0.replacingOccurrences(of: ".swift", with: ".o") }
        let libraries = tree.wiring == .napkin ? napkinObjects : []
        run(
          "swiftc",
          ["-emit-executable", "-g", "-o", "Tree", "-Xlinker", "--gc-sections"] + objects
            + libraries, in: directory)
      }
    }
    let objects = try! FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".o") }
    return (seconds, mode == .debug ? 0 : textBytes(of: objects, in: directory))
  }

  /// The text size `size` reports, summed over `objects`.
  private func textBytes(of objects: [String], in directory: URL) -> Int {
    let output = run("size", objects, in: directory)
    // Berkeley format: a header line, then `text data bss dec hex filename` per object.
    return output.split(separator: "\n").dropFirst().reduce(0) { total, line in
      total
        + (line.split(separator: " ", omittingEmptySubsequences: true).first.flatMap {
          Int($0.trimmingCharacters(in: .whitespaces))
        } ?? 0)
    }
  }

  /// The CPU time (user + sys) that the child processes finished during `body` used.
  private func childCPUSeconds(_ body: () -> Void) -> Double {
    func total() -> Double {
      var usage = rusage()
      #if canImport(Glibc)
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
      #else
        getrusage(RUSAGE_CHILDREN, &usage)
      #endif
      func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
      }
      return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
    let before = total()
    body()
    return total() - before
  }

  /// Runs `tool` (found on `PATH`) in `directory`; stops the benchmark with its output if it
  /// fails.
  @discardableResult
  private func run(_ tool: String, _ arguments: [String], in directory: URL) -> String {
    let run = runChild(
      URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, in: directory,
      mergingStandardError: true, scenario: "app-scale")
    guard run.status == 0 else {
      fatalError("app-scale: \(tool) failed (status \(run.status)):\n\(run.output)")
    }
    return run.output
  }
}

extension AppTree {
  /// Writes the tree's files into `directory` (created if missing); stops with the error if it
  /// cannot.
  func write(to directory: String) {
    let folder = URL(fileURLWithPath: directory)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for file in files {
        try file.contents.write(
          to: folder.appendingPathComponent(file.name), atomically: false, encoding: .utf8)
      }
    } catch {
      fatalError("app-scale: could not write the tree to \(directory): \(error)")
    }
  }
}
