/// One napkin of a ``TreeSnapshot``: its units' types, its interactor's state and work, its
/// component, and its attached children.
///
/// ```swift
/// let home = try #require(snapshot.root.children.first)
/// #expect(home.active && home.tasks == 1)
/// ```
///
/// Threading: a `Sendable` value.
public struct NapkinSnapshot: Sendable, Equatable, Codable {
  /// The router's type without its `Router` suffix: `Home` for `HomeRouter`.
  public var name: String
  /// The router's type.
  public var router: String
  /// The interactor's type.
  public var interactor: String
  /// The presenter's type, when the interactor has a presenter that is not the view.
  public var presenter: String?
  /// The view's type, for a ``ViewableRouting`` napkin.
  public var view: String?
  /// Whether the interactor is active.
  public var active: Bool
  /// The tasks tied to the interactor's active period that have neither finished nor been
  /// cancelled (``Interactor/runningTaskCount``).
  public var tasks: Int
  /// The cleanups tied to the active period that have not run
  /// (``Interactor/pendingCleanupCount``).
  public var cleanups: Int
  /// The component the router keeps, if it was given one.
  public var component: ComponentSnapshot?
  /// The attached children, in attach order.
  public var children: [NapkinSnapshot]

  /// Creates a napkin's snapshot from its parts; ``Routing/treeSnapshot()`` is the usual way.
  ///
  /// ```swift
  /// let leaf = NapkinSnapshot(
  ///   name: "Profile", router: "ProfileRouter", interactor: "ProfileInteractor",
  ///   presenter: nil, view: "ProfileView", active: true, tasks: 0, cleanups: 0,
  ///   component: nil, children: [])
  /// ```
  public init(
    name: String, router: String, interactor: String, presenter: String?, view: String?,
    active: Bool, tasks: Int, cleanups: Int, component: ComponentSnapshot?,
    children: [NapkinSnapshot]
  ) {
    self.name = name
    self.router = router
    self.interactor = interactor
    self.presenter = presenter
    self.view = view
    self.active = active
    self.tasks = tasks
    self.cleanups = cleanups
    self.component = component
    self.children = children
  }

  /// This napkin and every napkin below it, depth first, parents before children.
  ///
  /// ```swift
  /// let active = snapshot.root.subtree.filter(\.active).map(\.name)
  /// ```
  public var subtree: [NapkinSnapshot] {
    var napkins: [NapkinSnapshot] = []
    var pending = [self]
    while let napkin = pending.popLast() {
      napkins.append(napkin)
      pending.append(contentsOf: napkin.children.reversed())
    }
    return napkins
  }
}

/// One detached napkin of a ``TreeSnapshot`` that is still alive, with its subtree as it was
/// kept.
///
/// ```swift
/// for leaked in snapshot.detached where leaked.timeSinceDetach > .seconds(1) {
///   print("\(leaked.napkin.name) outlived its detach at \(leaked.detachedAt)")
/// }
/// ```
///
/// Threading: a `Sendable` value.
public struct DetachedNapkinSnapshot: Sendable, Equatable, Codable {
  /// The napkin, as it is now.
  public var napkin: NapkinSnapshot
  /// How long ago its parent detached it.
  public var timeSinceDetach: Duration
  /// The `detachChild` call that detached it (or the ancestor it was detached with), as
  /// `fileID:line`.
  public var detachedAt: String
  /// Whether the napkin's router is gone while its interactor, presenter, view or component
  /// lives on: a leak of those, shown with the types recorded when it was detached. Its
  /// `children` are then unknown and empty. `false` when the router itself is alive.
  public var routerReleased: Bool

  /// Creates a detached napkin's snapshot from its parts.
  ///
  /// ```swift
  /// let old = DetachedNapkinSnapshot(napkin: leaf, timeSinceDetach: .seconds(3), detachedAt: "A/B.swift:9")
  /// ```
  public init(
    napkin: NapkinSnapshot, timeSinceDetach: Duration, detachedAt: String,
    routerReleased: Bool = false
  ) {
    self.napkin = napkin
    self.timeSinceDetach = timeSinceDetach
    self.detachedAt = detachedAt
    self.routerReleased = routerReleased
  }

  private enum CodingKeys: String, CodingKey {
    case napkin, secondsSinceDetach, detachedAt, routerReleased
  }

  /// The oldest detach a snapshot file may state, in seconds: about 31 million years.
  private static let longestAge: Double = 1e15

  /// Reads a detached napkin's JSON, whose age is in seconds.
  ///
  /// ```swift
  /// let read = try JSONDecoder().decode(DetachedNapkinSnapshot.self, from: data)
  /// ```
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    napkin = try container.decode(NapkinSnapshot.self, forKey: .napkin)
    let seconds = try container.decode(Double.self, forKey: .secondsSinceDetach)
    // Bounded above too: `Duration.seconds(_:)` traps on a value its 128 bits cannot hold
    // (1e30 does it), and a file from outside must get an error, not a crash.
    guard seconds.isFinite, seconds >= 0, seconds <= Self.longestAge else {
      throw DecodingError.dataCorruptedError(
        forKey: .secondsSinceDetach, in: container,
        debugDescription: "secondsSinceDetach must be a finite number of seconds, from 0 to "
          + "\(Int(Self.longestAge)).")
    }
    timeSinceDetach = .seconds(seconds)
    detachedAt = try container.decode(String.self, forKey: .detachedAt)
    // Absent in snapshots written before the field existed, and whenever it is `false`.
    routerReleased = try container.decodeIfPresent(Bool.self, forKey: .routerReleased) ?? false
  }

  /// Writes a detached napkin's JSON, its age in seconds, to the millisecond.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(detached)
  /// ```
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(napkin, forKey: .napkin)
    let milliseconds = timeSinceDetach / .milliseconds(1)
    try container.encode((milliseconds.rounded()) / 1000, forKey: .secondsSinceDetach)
    try container.encode(detachedAt, forKey: .detachedAt)
    // Written only when `true`, so that a snapshot without such a napkin reads as before.
    if routerReleased {
      try container.encode(true, forKey: .routerReleased)
    }
  }
}
