/// One component of a ``TreeSnapshot``: its type and the shared instances built so far.
///
/// ```swift
/// let home = try #require(snapshot.root.subtree.first { $0.name == "Home" }?.component)
/// #expect(home.shared.map(\.name) == ["homeAnalytics"])
/// ```
///
/// Threading: a `Sendable` value.
public struct ComponentSnapshot: Sendable, Equatable, Codable {
  /// The component's class: `HomeComponent`.
  public var name: String
  /// The instances `shared { }` has built, in the order they were built; a member not read yet
  /// is not here.
  public var shared: [SharedInstanceSnapshot]

  /// Creates a component's snapshot from its parts.
  ///
  /// ```swift
  /// let app = ComponentSnapshot(name: "AppComponent", shared: [])
  /// ```
  public init(name: String, shared: [SharedInstanceSnapshot]) {
    self.name = name
    self.shared = shared
  }
}

/// One built shared instance of a ``ComponentSnapshot``: the member, the type, how many.
///
/// ```swift
/// #expect(instance == SharedInstanceSnapshot(name: "userService", type: "UserService", count: 1))
/// ```
///
/// Threading: a `Sendable` value.
public struct SharedInstanceSnapshot: Sendable, Equatable, Codable {
  /// The key `shared { }` was called with: the member's name, unless the caller passed its own.
  public var name: String
  /// The type the factory declared.
  public var type: String
  /// How many instances it holds: 1, or for an Airframe `PerKey` store, its open keys.
  public var count: Int
  /// What the value says about itself, only if its type conforms to ``SnapshotDescribable``; at
  /// most ``maximumDescriptionLength`` characters.
  public var description: String?

  /// The most characters of a ``SnapshotDescribable/snapshotDescription`` a snapshot keeps, so
  /// that a snapshot stays small and cheap whatever a value says.
  ///
  /// ```swift
  /// #expect(SharedInstanceSnapshot.maximumDescriptionLength == 200)
  /// ```
  public static let maximumDescriptionLength = 200

  /// Creates a shared instance's snapshot from its parts.
  ///
  /// ```swift
  /// let sessions = SharedInstanceSnapshot(name: "sessions", type: "PerKey<User, Session>", count: 2)
  /// ```
  public init(name: String, type: String, count: Int, description: String? = nil) {
    self.name = name
    self.type = type
    self.count = count
    self.description = description
  }
}

/// A shared instance that says something about itself in a ``TreeSnapshot``: the only way a
/// value, rather than its type, reaches a snapshot.
///
/// Say what helps debugging and nothing private: a state, a count, never a token or a user's
/// data. The snapshot keeps the first ``SharedInstanceSnapshot/maximumDescriptionLength``
/// characters.
///
/// ```swift
/// nonisolated final class Cache: SnapshotDescribable, Sendable {
///   var snapshotDescription: String { "warm" }
/// }
/// ```
///
/// Threading: ``Routing/treeSnapshot()`` reads ``snapshotDescription`` on the main actor.
public protocol SnapshotDescribable {
  /// What the snapshot says about this value.
  var snapshotDescription: String { get }
}
