/// A failure that a NapkinTesting check reported inside ``collectFailures(in:)``,
/// where it was collected instead of failing the test.
///
/// ```swift
/// let failures = collectFailures {
///   unimplemented("Analytics.track")
/// }
/// #expect(failures.map(\.message) == ["Unimplemented: Analytics.track was called."])
/// ```
///
/// Threading: a value type; `Sendable`.
public struct ReportedFailure: Sendable, Equatable, CustomStringConvertible {
  /// What the check found, as it would appear in the test's failure.
  ///
  /// ```swift
  /// #expect(failure.message == "Unimplemented: Analytics.track was called.")
  /// ```
  ///
  /// Threading: immutable.
  public let message: String

  /// The `#fileID` of the line the failure is attributed to, such as `"MyAppTests/FakeAnalytics.swift"`.
  ///
  /// ```swift
  /// #expect(failure.fileID == #fileID)
  /// ```
  ///
  /// Threading: immutable.
  public let fileID: String

  /// The `#filePath` of the line the failure is attributed to.
  ///
  /// ```swift
  /// #expect(failure.filePath == #filePath)
  /// ```
  ///
  /// Threading: immutable.
  public let filePath: String

  /// The line the failure is attributed to: the line that called the check.
  ///
  /// ```swift
  /// let line = #line + 1
  /// let failures = collectFailures { unimplemented("Analytics.track") }
  /// #expect(failures.first?.line == line)
  /// ```
  ///
  /// Threading: immutable.
  public let line: Int

  /// The column the failure is attributed to.
  ///
  /// ```swift
  /// #expect(failure.column > 0)
  /// ```
  ///
  /// Threading: immutable.
  public let column: Int

  init(message: String, site: CallSite) {
    self.message = message
    fileID = String(describing: site.fileID)
    filePath = String(describing: site.filePath)
    line = Int(site.line)
    column = Int(site.column)
  }

  /// `FakeAnalytics.swift:12: Unimplemented: Analytics.track was called.`
  ///
  /// ```swift
  /// print(failure)
  /// ```
  ///
  /// Threading: a value type; call it anywhere.
  public var description: String {
    "\(fileID):\(line): \(message)"
  }
}
