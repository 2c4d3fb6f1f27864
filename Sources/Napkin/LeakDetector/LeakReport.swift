/// One object that outlived the grace period after its napkin left the tree, or that is still
/// alive because its napkin never left it.
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
    /// An object passed to ``LeakDetector/expectDeallocation(of:fileID:line:)``.
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

  /// How long the object had been watched when the detector gave up on it: at least the grace
  /// period.
  ///
  /// ```swift
  /// #expect(report.outlived >= detector.gracePeriod)
  /// ```
  ///
  /// Threading: a value.
  public let outlived: Duration

  /// The type of the router that the napkin's router was still attached to when the check ended,
  /// or `nil` when the napkin had left the tree. A napkin checked while it is still attached (a
  /// test that never detached it) is alive because its parent holds it, not because of a leak.
  ///
  /// ```swift
  /// #expect(report.attachedTo == "HomeRouter")
  /// ```
  ///
  /// Threading: a value.
  public let attachedTo: String?

  /// Whether the napkin's router was itself still alive when the check ended, for an object that
  /// is not the router: the router holds its interactor, view, presenter and component, so the
  /// likeliest cause is whatever holds the router (reported too, first), not the object itself.
  ///
  /// ```swift
  /// #expect(reports.filter(\.heldByRouter).allSatisfy { $0.role != .router })
  /// ```
  ///
  /// Threading: a value.
  public let heldByRouter: Bool

  /// The `#fileID` of the call that started the check: the `detachChild(_:)` that detached the
  /// napkin, or the `expectDeallocation` call. Under a test runner the default handler records
  /// its issue there.
  ///
  /// ```swift
  /// #expect(report.fileID == "MyAppTests/ProfileTests.swift")
  /// ```
  ///
  /// Threading: a value.
  public var fileID: String { String(describing: site.fileID) }

  /// The line of the call that started the check, in ``fileID``.
  ///
  /// ```swift
  /// #expect(report.line > 0)
  /// ```
  ///
  /// Threading: a value.
  public var line: Int { Int(site.line) }

  /// Kept as a `StaticString` because XCTest attributes a failure only to one.
  let site: (fileID: StaticString, line: UInt)

  /// Creates a report; the detector makes these, tests of a custom handler may too.
  ///
  /// ```swift
  /// let report = LeakReport(
  ///   typeName: "HomeView", role: .view, napkinName: "HomeRouter", outlived: .seconds(1))
  /// ```
  ///
  /// Threading: any.
  ///
  /// - Parameters:
  ///   - typeName: the leaked object's type.
  ///   - role: what the object was to its napkin.
  ///   - napkinName: the type of the napkin's router.
  ///   - outlived: how long the object was watched.
  ///   - attachedTo: the router the napkin is still attached to, if it is.
  ///   - heldByRouter: whether the napkin's router, which holds the object, is still alive.
  ///   - fileID: where the check started; the caller's file by default.
  ///   - line: where the check started; the caller's line by default.
  public init(
    typeName: String, role: Role, napkinName: String, outlived: Duration,
    attachedTo: String? = nil, heldByRouter: Bool = false, fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.typeName = typeName
    self.role = role
    self.napkinName = napkinName
    self.outlived = outlived
    self.attachedTo = attachedTo
    self.heldByRouter = heldByRouter && role != .router && role != .object
    self.site = (fileID, line)
  }

  /// Two reports are equal when they name the same object, napkin, delay, attachment, holder and
  /// site.
  ///
  /// ```swift
  /// #expect(reports == [])
  /// ```
  ///
  /// Threading: any.
  public static func == (lhs: LeakReport, rhs: LeakReport) -> Bool {
    lhs.typeName == rhs.typeName && lhs.role == rhs.role && lhs.napkinName == rhs.napkinName
      && lhs.outlived == rhs.outlived && lhs.attachedTo == rhs.attachedTo
      && lhs.heldByRouter == rhs.heldByRouter && lhs.fileID == rhs.fileID && lhs.line == rhs.line
  }

  /// The report as a few sentences: the type, its napkin, the delay, and the likely causes.
  ///
  /// ```swift
  /// Issue.record(Comment(rawValue: report.description))
  /// ```
  ///
  /// Threading: any.
  public var description: String {
    let delay = "\(outlived.saturatedMilliseconds) ms"
    if let attachedTo, role != .object {
      return stillAttached(to: attachedTo, delay: delay)
    }
    let subject: String
    let event: String
    switch role {
    case .object:
      subject = typeName
      event = "it was expected to be deallocated"
    case .router:
      // Not "X, the router of X": the router is its own napkin's name.
      subject = "the router \(typeName)"
      event = "it left the tree"
    default:
      subject = "\(typeName), the \(role.rawValue) of \(napkinName),"
      event = "\(napkinName) left the tree"
    }
    if heldByRouter {
      return "Napkin: leak: \(subject) is still alive \(delay) after \(event), because the "
        + "router \(napkinName) is still alive and holds it. Find what holds \(napkinName) "
        + "(its own report comes first); this object goes with it."
    }
    var text =
      "Napkin: leak: \(subject) is still alive \(delay) after \(event). Something still holds "
      + "it strongly: a retain cycle, a listener or delegate that is not weak, or a task that "
      + "ignores cancellation."
    if role == .router {
      text +=
        " Likely cause: a reference to the router kept outside the tree: a test's own variable "
        + "or `let` that still holds it, a parent's stored property not set to nil after "
        + "detachChild(_:), or a closure that captures it."
    }
    if role == .component {
      text +=
        " Likely cause: one of its own shared instances holds it. A factory that passes `self` "
        + "on, as in `shared { Adapter(dependency: self) }`, where the adapter (or a builder it "
        + "keeps) holds the component, makes the component keep the instance that keeps the "
        + "component. Give the instance only the dependencies it needs, or hold the component "
        + "weakly there."
    }
    return text
  }

  private func stillAttached(to parent: String, delay: String) -> String {
    let advice =
      "Detach it (\(parent)'s detachChild(_:)) before expecting it to go away, then drop every "
      + "reference to it."
    if role == .router {
      return "Napkin: leak check: \(typeName) is still attached to \(parent) \(delay) after it "
        + "was expected to be deallocated, and \(parent) holds it. \(advice)"
    }
    return "Napkin: leak check: \(typeName), the \(role.rawValue) of \(napkinName), is still "
      + "alive \(delay) after it was expected to be deallocated, because \(napkinName) is still "
      + "attached to \(parent). \(advice)"
  }
}
