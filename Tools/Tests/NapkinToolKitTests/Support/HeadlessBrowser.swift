import Foundation

/// Headless Chromium from Debian's packages (`chromium-headless-shell` or `chromium`), which
/// `.ci/run tools` installs, run on a local page with no network.
enum HeadlessBrowser {
  /// `NAPKIN_BROWSER`, else the first Chromium on `PATH`.
  static let executable: URL? = {
    let environment = ProcessInfo.processInfo.environment
    if let explicit = environment["NAPKIN_BROWSER"], !explicit.isEmpty {
      return URL(fileURLWithPath: explicit)
    }
    let folders = (environment["PATH"] ?? "").split(separator: ":")
    for name in ["chromium-headless-shell", "chromium", "chromium-browser"] {
      for folder in folders {
        let candidate = URL(fileURLWithPath: "\(folder)/\(name)")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      }
    }
    return nil
  }()

  /// CI sets `NAPKIN_REQUIRE_BROWSER=1`: there a missing browser fails the test instead of
  /// skipping it.
  static let isRequired = ProcessInfo.processInfo.environment["NAPKIN_REQUIRE_BROWSER"] == "1"

  /// The DOM of `page` after its scripts ran, and what the browser logged.
  ///
  /// - Parameters:
  ///   - query: appended to the page's URL (`?live=tree.json`).
  ///   - readingFiles: lets the page read files beside it, as it reads its snapshot over HTTP
  ///     (`--allow-file-access-from-files`); the tests serve nothing.
  ///   - budget: milliseconds of virtual time the page runs: timers fire as they would in that
  ///     time, without waiting for it.
  static func dump(
    _ page: String,
    query: String = "",
    readingFiles: Bool = false,
    budget: Int = 5000,
    in scratch: ScratchFolder
  ) throws -> NapkinProcess.Result {
    guard let executable else { throw BrowserMissing() }
    return try NapkinProcess.run(
      executable,
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--user-data-dir=\(scratch.path)/profile", "--enable-logging=stderr", "--v=0",
        "--virtual-time-budget=\(budget)",
      ] + (readingFiles ? ["--allow-file-access-from-files"] : []) + [
        "--dump-dom", URL(fileURLWithPath: page).absoluteString + query,
      ],
      timeLimit: .seconds(120))
  }

  /// The value of `attribute` on the start tag of the element with `data-component="name"`
  /// in a dumped DOM.
  static func attribute(_ attribute: String, ofComponent name: String, in dom: String) -> String? {
    guard let start = dom.range(of: #"data-component="\#(name)""#) else { return nil }
    let tagEnd = dom[start.upperBound...].firstIndex(of: ">") ?? dom.endIndex
    let tag = dom[start.upperBound..<tagEnd]
    guard let found = tag.range(of: #" \#(attribute)=""#) else { return nil }
    let rest = tag[found.upperBound...]
    return String(rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)])
  }
}

/// No Chromium where one is required.
struct BrowserMissing: Error, CustomStringConvertible {
  var description: String {
    "no headless Chromium: install chromium-headless-shell (bash .ci/run tools does) or set "
      + "NAPKIN_BROWSER"
  }
}
