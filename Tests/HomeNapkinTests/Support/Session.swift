import Napkin
import TerminalIO
import Testing

@testable import HomeNapkin

/// A headless HomeNapkin: the real shell and tree, scripted one line at a time, its output
/// captured and its leak reports collected.
///
/// `boundaries` are the app's: `.live` by default, or fakes, under the same real tree.
@MainActor
final class Session {
  let shell: Shell
  let leaks: LeakCollector
  private let buffer = OutputBuffer()

  init(
    boundaries: HomeNapkinBoundaries = .live, gracePeriod: Duration = .seconds(1),
    recorder: LiveTreeRecorder? = nil
  ) {
    let leaks = LeakCollector(gracePeriod: gracePeriod)
    self.leaks = leaks
    shell = Shell(
      boundaries: boundaries, input: ScriptedInput([]), output: { [buffer] in buffer.text += $0 },
      echo: false, prompt: false, leakDetector: leaks.detector, recorder: recorder)
    record { try shell.start() }
    buffer.text = ""
  }

  /// Runs `line` and returns what it printed.
  @discardableResult
  func type(_ line: String) -> String {
    buffer.text = ""
    record { try shell.handle(line) }
    return buffer.text
  }

  /// The buffer never throws, so the shell does not either; if it did, the test fails here.
  private func record(_ body: () throws -> Void) {
    do {
      try body()
    } catch {
      Issue.record(error, "the shell threw, though its output cannot fail")
    }
  }

  /// What the shell printed since the last command: a deep link reports when it is done.
  var printedSince: String { buffer.text }

  /// The routers of the live tree, root first, depth first.
  var routers: [any Routing] {
    var all: [any Routing] = []
    func visit(_ router: any Routing) {
      all.append(router)
      router.children.forEach(visit)
    }
    visit(shell.root)
    return all
  }

  /// The live router whose napkin is called `name` (`"Home"` for `HomeRouter`).
  func router(named name: String) -> (any Routing)? {
    routers.first { String(describing: Swift.type(of: $0)) == name + "Router" }
  }
}

/// Text written by the shell.
@MainActor
final class OutputBuffer {
  var text = ""
}

/// A leak detector whose reports a test can read.
@MainActor
final class LeakCollector {
  private(set) var reports: [LeakReport] = []
  private(set) lazy var detector = LeakDetector(gracePeriod: gracePeriod) { [weak self] in
    self?.reports.append($0)
  }
  private let gracePeriod: Duration

  init(gracePeriod: Duration) {
    self.gracePeriod = gracePeriod
  }
}
