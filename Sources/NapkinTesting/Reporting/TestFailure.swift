import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// Where a check was called: the caller's `#fileID`, `#filePath`, `#line` and `#column`.
///
/// Checks take these four as defaulted arguments instead of Testing's `#_sourceLocation`, so that
/// a file that imports only XCTest (and NapkinTesting) can call them, and so that a failure can be
/// handed to either framework: XCTest wants a `StaticString` path and a `UInt` line.
struct CallSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  var sourceLocation: SourceLocation {
    SourceLocation(
      fileID: String(describing: fileID), filePath: String(describing: filePath),
      line: Int(line), column: Int(column))
  }
}

/// Fails the running test with `message`, attributed to `site`, whichever framework runs it.
///
/// Inside ``collectFailures(in:)`` the failure is handed to the collector instead.
/// Under Swift Testing (a test is current on this task) it becomes an issue at `site`. Otherwise
/// it goes to XCTest, which attributes it to the test case it is running, and also to Swift
/// Testing, which attributes an issue from outside any test's task (a detached task, a thread of
/// its own) to the run as a whole, so that it fails too. Each framework ignores a failure reported
/// while it runs no test, so only one of the two reports lands.
func reportFailure(_ message: String, at site: CallSite) {
  if let collector = FailureCollector.current {
    collector.append(ReportedFailure(message: message, site: site))
    return
  }
  if Test.current != nil {
    Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
    return
  }
  #if canImport(XCTest)
    XCTFail(message, file: site.filePath, line: site.line)
  #endif
  Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
}
