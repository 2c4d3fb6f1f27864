/// One object that outlived the grace period after its router was detached.
///
/// ```swift
/// let detector = LeakDetector(gracePeriod: .milliseconds(100)) { report in
///   print(report)  // HomeInteractor, the interactor of HomeRouter, is still alive 104 ms ...
/// }
/// ```
///
/// Threading: a value; `Sendable`.
public struct LeakReport: Sendable, Equatable, CustomStringConvertible {
  /// What the leaked object was to its napkin.
  ///
  /// ```swift
  /// #expect(report.role == .interactor)
  /// ```
  ///
  /// Threading: a value; `Sendable`.
  public enum Role: String, Sendable, Equatable {
    /// The napkin's router.
    case router
    /// The napkin's interactor.
    case interactor
    /// The presenter held by a ``PresentableInteractor``.
    case presenter
    /// The view of a ``ViewableRouter``.
    case view
    /// The component passed to the router's initializer.
    case component
    /// An object passed to ``LeakDetector/expectDeallocation(of:)``.
    case object
  }

  /// The leaked object's type, without its module prefix, e.g. `HomeInteractor`.
  ///
  /// ```swift
  /// #expect(report.typeName == "HomeInteractor")
  /// ```
  ///
  /// Threading: a value.
  public let typeName: String

  /// What the object was to its napkin.
  ///
  /// ```swift
  /// #expect(report.role == .view)
  /// ```
  ///
  /// Threading: a value.
  public let role: Role

  /// The type of the router of the napkin the object belongs to, or the object's own type for
  /// ``Role/object``.
  ///
  /// ```swift
  /// #expect(report.napkinName == "HomeRouter")
  /// ```
  ///
  /// Threading: a value.
  public let napkinName: String

  /// How long the object had outlived its detach when the detector gave up on it: at least the
  /// grace period.
  ///
  /// ```swift
  /// #expect(report.outlived >= detector.gracePeriod)
  /// ```
  ///
  /// Threading: a value.
  public let outlived: Duration

  /// Creates a report; the detector makes these, tests of a custom handler may too.
  ///
  /// ```swift
  /// let report = LeakReport(
  ///   typeName: "HomeView", role: .view, napkinName: "HomeRouter", outlived: .seconds(1))
  /// ```
  ///
  /// Threading: any.
  public init(typeName: String, role: Role, napkinName: String, outlived: Duration) {
    self.typeName = typeName
    self.role = role
    self.napkinName = napkinName
    self.outlived = outlived
  }

  /// The report as one sentence, naming the type, its napkin, the delay and the usual causes.
  ///
  /// ```swift
  /// Issue.record(Comment(rawValue: report.description))
  /// ```
  ///
  /// Threading: any.
  public var description: String {
    let owner: String
    let event: String
    if role == .object {
      owner = ""
      event = "it was expected to be deallocated"
    } else {
      owner = ", the \(role.rawValue) of \(napkinName),"
      event = "its router was detached"
    }
    return "Napkin: leak: \(typeName)\(owner) is still alive \(Self.milliseconds(outlived)) ms "
      + "after \(event). Something still holds it strongly: a retain cycle, a listener or "
      + "delegate that is not weak, or a task that ignores cancellation."
  }

  private static func milliseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
