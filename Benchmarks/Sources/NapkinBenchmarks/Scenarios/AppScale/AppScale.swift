import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an app of many napkins costs to build: the compiler's CPU time (user + sys, which other
/// load on the machine disturbs less than wall time) for the tree's module in release and debug
/// mode, and the size of the code it produces (`size`'s text), for each wiring of the same tree.
///
/// The tree's module is compiled with `swiftc` against the modules this benchmark was built with
/// (the `Modules` folder beside the executable), so only the generated module is timed.
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
          "debug build of the tree's module (compiler CPU, best of \(scale.appRounds))",
          "s", \.debugSeconds),
        report("code size of the release build (size's text)", "KB") {
          Double($0.releaseTextBytes) / 1_000
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
    let debugSeconds: Double
    let releaseTextBytes: Int
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

  /// The best of `rounds` builds in each mode, from a fresh copy of the sources each time.
  func measure(_ tree: AppTree, rounds: Int) -> Result {
    var release = Double.infinity
    var debug = Double.infinity
    var text = 0
    for _ in 0..<rounds {
      let releaseBuild = build(tree, release: true)
      release = min(release, releaseBuild.seconds)
      text = releaseBuild.textBytes
      debug = min(debug, build(tree, release: false).seconds)
    }
    return Result(releaseSeconds: release, debugSeconds: debug, releaseTextBytes: text)
  }

  private func build(_ tree: AppTree, release: Bool) -> (seconds: Double, textBytes: Int) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "napkin-app-scale-\(getpid())-\(tree.wiring.rawValue)-\(tree.napkins)")
    try? FileManager.default.removeItem(at: directory)
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
      for file in tree.files {
        try file.contents.write(
          to: directory.appendingPathComponent(file.name), atomically: false, encoding: .utf8)
      }
    } catch {
      fatalError("app-scale: could not write the generated tree to \(directory.path): \(error)")
    }
    // The flags SwiftPM uses for each configuration: whole-module optimization for release,
    // batch mode with debug information for debug.
    let mode =
      release
      ? ["-O", "-whole-module-optimization", "-o", "Tree.o"]
      : ["-Onone", "-g", "-enable-batch-mode", "-j", "2"]
    let sources = tree.files.map(\.name)
    let seconds = childCPUSeconds {
      run(
        "swiftc",
        ["-swift-version", "6", "-module-name", "Tree", "-parse-as-library", "-c", "-I", modules]
          + mode + sources, in: directory)
    }
    let objects = try! FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".o") }
    return (seconds, release ? textBytes(of: objects, in: directory) : 0)
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
