/// What a component's property is, as far as the wiring is concerned.
enum PropertyKind: Hashable, Sendable {
  /// `var x: T { shared { ... } }`: built once, lives as long as the component.
  case shared
  /// A computed property that constructs something on every read.
  case fresh
  /// A computed property that constructs a builder (`XBuilder(dependency: self)`), or whose
  /// type is a builder or a `Buildable` protocol: one per read, by design.
  case builder
  /// `store.shared(for: key)`: one instance per key, kept by an Airframe per-key store.
  case perKey
  /// A store held or handed out by the component (Airframe's `PerKey`, `Configured`,
  /// `Announcements`), as a `let` or a computed property; `type` is the store's type name.
  case store(type: String)
  /// `var x: T { dependency.y }`: handed down from the parent; `member` is `y`.
  case passThrough(member: String)
  /// A computed property that hands out a value something else holds, constructing nothing:
  /// `var feedServer: FeedServer { boundaries.feeds }`.
  case read
  /// A stored property; `isVariable` is true for `var` (and `lazy var`).
  case stored(isVariable: Bool)
  /// Any other computed property (a literal, a chain, a `switch`...).
  case computed
}

/// One instance property declared in a class or in an extension of it.
struct PropertyFact: Hashable, Sendable {
  var name: String
  var kind: PropertyKind
  /// Where the property's name is written.
  var position: SourcePosition
  /// Where the binding keyword (`var` / `let`) is written.
  var keywordPosition: SourcePosition
  /// The names in the declared type (`any ProfileBuildable` gives `ProfileBuildable`).
  var declaredTypes: [String] = []
  /// What the getter reads and, for `shared`, builds.
  var reads = GetterReads()
  /// Marked with a global actor (`@MainActor var x`).
  var isActorIsolated = false
}

/// The isolation a declaration states, whatever the module's default.
enum StatedIsolation: Hashable, Sendable {
  /// No word: the module's default decides (nonisolated in SwiftPM, `MainActor` in a new Xcode 26
  /// app target).
  case unstated
  /// `nonisolated`.
  case nonisolated
  /// A global actor attribute, such as `@MainActor`.
  case globalActor
}

/// A class declaration, whatever its superclass: whether it is a component is decided later,
/// once every file is read (a component may inherit from a component declared elsewhere).
struct ClassFact: Hashable, Sendable {
  var name: String
  /// The first entry of the inheritance clause, its simple name (`Component`, `EmptyComponent`).
  var superclass: String?
  /// Protocol names inside the superclass's generic argument: `Component<any A & B>` gives A, B.
  var superclassArguments: [String]
  /// The remaining entries of the inheritance clause (and the first one, when it is a protocol).
  var conformances: [String]
  /// Isolated to a global actor (`@MainActor`), which makes a class Sendable.
  var isActorIsolated = false
  var properties: [PropertyFact]
  var position: SourcePosition
  /// The UTF-8 offset of the closing brace, where `napkin fix` adds a member.
  var closingBrace = 0
}

/// An extension: it may add conformances (an edge of the tree) and computed properties.
struct ExtensionFact: Hashable, Sendable {
  var extendedType: String
  var conformances: [String]
  var properties: [PropertyFact]
  var position: SourcePosition
  var isolation: StatedIsolation = .unstated
  /// The UTF-8 offset of the closing brace, where `napkin fix` adds a member.
  var closingBrace = 0
}

/// A protocol declaration with the names of its property requirements.
struct ProtocolFact: Hashable, Sendable {
  var name: String
  var inherited: [String]
  var requirements: [String]
  var position: SourcePosition
  var isolation: StatedIsolation = .unstated
  /// Each property requirement's type as written (`any UserService`).
  var requirementTypes: [String: String] = [:]
  /// The UTF-8 offset of the closing brace, where `napkin fix` adds a requirement.
  var closingBrace = 0
}

/// A function, initializer, subscript or accessor body that calls `shared` with its default
/// `#function` key, recorded with the type it belongs to.
struct SharedScopeFact: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    /// A property getter; the key is the property's name.
    case accessor(property: String)
    /// A function or subscript; `parameterCount` parameters all share one key.
    case function(name: String, parameterCount: Int)
    /// An initializer: it runs once per instance, so only a second call in it collides.
    case initializer
  }

  var enclosingType: String
  var kind: Kind
  /// Each `shared` call without an explicit `forCallerKey:`.
  var calls: [SourcePosition]
}

/// `type.member` read somewhere, with `type` known from the syntax.
struct MemberRead: Hashable, Sendable {
  var type: String
  var member: String
}

/// A problem with the input itself: a missing path, an unreadable file, a syntax error.
struct InputProblem: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Where it is: a path, optionally with `:line:column`.
  var location: String
  var message: String

  var description: String { "\(TerminalText.name(location)): error: \(message)" }
}

/// Everything the analysis needs from one source file.
struct FileFacts: Sendable {
  var path: String
  var classes: [ClassFact] = []
  var extensions: [ExtensionFact] = []
  var protocols: [ProtocolFact] = []
  var sharedScopes: [SharedScopeFact] = []
  /// Members read on a type the syntax shows (see ``MemberReadCollector``).
  var memberReads: Set<MemberRead> = []
  /// Lifecycle calls written in interactors' initializers.
  var interactorInitCalls: [InteractorInitCall] = []
  /// Routers' stored children replaced without `detachChild`.
  var childRouterAssignments: [ChildRouterAssignment] = []
  /// Syntax errors, reported with their location; the rest of the file is still analysed.
  var problems: [InputProblem] = []
}
