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
  /// The type the getter (or its `shared` factory) constructs, when it is a call to a type.
  var constructedType: String?
  /// The type the getter builds with the component itself as its dependency:
  /// `LoggedOutComponent(dependency: self)`, Needle's `parent: self`, `XBuilder(dependency: self)`.
  var builtWithSelf: String?
  /// The type whose initializer or static method the getter's result (or its `shared`
  /// factory's) calls, as far as the syntax shows: `.init()` gives the declared type,
  /// `Services.Engine()` `Engine`, `Client.make()` `Client`.
  var calledType: String?
  /// ``calledType`` is reached through a static method, not an initializer.
  var callsStaticMethod = false
  /// The bare names the getter calls as functions (`makeClient()`): free functions, when the
  /// sources declare one by that name.
  var calledFunctions: [String] = []
  /// The declared type is a closure type that is not `@Sendable`.
  var isClosure = false
  /// The names inside the declared type's collections and optionals: `[String: Handler]` gives
  /// `String`, `Handler`.
  var elementTypes: [String] = []
}

/// A method declared in a component or in a dependency protocol, by its base name.
struct MethodFact: Hashable, Sendable {
  var name: String
  /// The signature as written, from `func` to the end of the result type:
  /// `func track(_ event: String) async throws -> Bool`.
  var signature: String
  /// The signature as a protocol requirement states it: default arguments left out.
  var requirement: String
  /// What a pass-through's body is: `try await dependency.track(event)`, with `try` and `await`
  /// as the signature asks.
  var forwardedCall: String
  /// Why no pass-through can forward it, when none can.
  var unforwardable: String?
  /// The attributes written before `func` (`@MainActor`), to repeat on a pass-through.
  var attributes: String = ""
  /// The `#if` clauses it is declared in, inside its type.
  var conditions = Conditions()
  var position: SourcePosition
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
  /// The names in each of the superclass's generic arguments, by position:
  /// `Component<any A & B>` gives `[[A, B]]`, `AppComponent<any A, [Int]>` `[[A], []]`.
  var superclassArgumentGroups: [[String]]
  /// The remaining entries of the inheritance clause (and the first one, when it is a protocol).
  var conformances: [String]
  /// The isolation its own words state (`nonisolated final class`, `@MainActor class`).
  var isolation: StatedIsolation = .unstated
  /// Isolated to a global actor (`@MainActor`), which makes a class Sendable.
  var isActorIsolated: Bool { isolation == .globalActor }
  /// Declared inside a type that states its isolation (`nonisolated enum SyncMerge`), which a
  /// nested type without a word of its own takes; inside types that state none, it is main-actor
  /// in Xcode 26's mode like any other.
  var isNested = false
  /// Declares an initializer, or a stored property whose default value calls something: either
  /// makes its initializer main-actor in Xcode 26's mode; an implicit one over plain defaults
  /// is nonisolated.
  var hasIsolatedInitializer = true
  /// The names of its generic parameters: `class AppComponent<D>: Component<D>` gives `D`.
  var genericParameters: [String] = []
  var properties: [PropertyFact]
  var methods: [MethodFact] = []
  var position: SourcePosition
  /// The UTF-8 offset of the closing brace, where `napkin fix` adds a member.
  var closingBrace = 0
}

/// An extension: it may add conformances (an edge of the tree) and computed properties.
struct ExtensionFact: Hashable, Sendable {
  var extendedType: String
  var conformances: [String]
  var properties: [PropertyFact]
  var methods: [MethodFact] = []
  var position: SourcePosition
  var isolation: StatedIsolation = .unstated
  /// The UTF-8 offset of the closing brace, where `napkin fix` adds a member.
  var closingBrace = 0
  /// The keys (``ViewRequirement/key``) of its members outside `#if`, when it stands at a file's
  /// top level without a `where` clause: defaults of a protocol it extends, which reach the view
  /// `napkin new --view-protocol` writes. A constrained extension's (`where Self:
  /// UIViewController`) may not reach that plain class; the view declaring the member builds
  /// either way.
  var defaults: [String] = []
}

/// A member of a protocol, or of an extension of one, as the view `napkin new --view-protocol`
/// writes gets it: what it declares for it, or what only the app can write.
enum ViewRequirement: Hashable, Sendable {
  case property(name: String, type: String, isSettable: Bool)
  /// `key` is the name with its labels (`show(_:at:)`); `signature` the declaration as written,
  /// without its body.
  case function(key: String, signature: String, returnType: String?)
  case unwritable(String)

  /// What names it among its protocol's members, and among an extension's.
  var key: String {
    switch self {
    case .property(let name, _, _): name
    case .function(let key, _, _): key
    case .unwritable(let what): what
    }
  }
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
  /// Each property requirement's attributes as written (`@MainActor`), to repeat on what
  /// `napkin fix` writes for it.
  var requirementAttributes: [String: String] = [:]
  /// The effects of each property requirement's getter as written (`async throws`), empty for
  /// a plain `{ get }`.
  var requirementEffects: [String: String] = [:]
  /// The `#if` clauses each property requirement is declared in.
  var requirementConditions: [String: Conditions] = [:]
  /// The UTF-8 offset of each property requirement's declaration (its first attribute or
  /// `var`), where `napkin fix` writes `@MainActor` on a requirement a builder witnesses.
  var requirementOffsets: [String: Int] = [:]
  /// The method requirements, which a pass-through forwards as it does a property.
  var methods: [MethodFact] = []
  /// Its members outside `#if`, in order, when it is declared at a file's top level: what the
  /// view `napkin new --view-protocol` writes reads no other declaration.
  var viewRequirements: [ViewRequirement]?
  /// The UTF-8 offset of the closing brace, where `napkin fix` adds a requirement.
  var closingBrace = 0
}

/// A call that builds a child with the enclosing type itself as its dependency, anywhere in a
/// class or an extension: `LoggedOutComponent(dependency: self)`, Needle's `parent: self`, a
/// builder's `XBuilder(dependency: self)`. It states an edge as a conformance does.
struct CallSiteFact: Hashable, Sendable {
  /// The type whose member makes the call.
  var parent: String
  /// The type called.
  var built: String
  var position: SourcePosition
  /// The `#if` clauses the call is written in, from the file's top level.
  var conditions = Conditions()
}

/// A `static` (or `class`) property declared in a type or an extension of it.
struct StaticMemberFact: Hashable, Sendable {
  var type: String
  var member: String
  /// The isolation the declaration or its extension states; `unstated` when neither does.
  var isolation: StatedIsolation
  /// Declared in an extension rather than in the type's body.
  var inExtension: Bool
  var position: SourcePosition
}

/// A use of a type declared elsewhere inside a type that states `nonisolated`: a call to its
/// initializer (`member` is nil) or a read of a static member (`Episode.placeholder`). In a
/// target whose default isolation is `MainActor`, either is a main-actor use from nonisolated
/// code unless the used declaration is nonisolated too.
struct NonisolatedUseFact: Hashable, Sendable {
  var reader: String
  var type: String
  var member: String?
  /// A call to a static method of `type` (`Subject<Int>.create()`), not to its initializer.
  var callsStaticMethod = false
  /// A call to a free function named `type` (`defaultName()`, in a default argument, say).
  var callsFunction = false
  var position: SourcePosition
}

/// A value type (struct, enum) declared in the sources, with the isolation it states: in a target
/// whose default isolation is `MainActor`, one without a word is main-actor.
struct ValueTypeFact: Hashable, Sendable {
  var name: String
  var isolation: StatedIsolation
  /// Declares an initializer, or a stored property whose default value calls something: a
  /// struct without either gets an implicit initializer, which is nonisolated.
  var hasInitializer = true
  /// Declared inside a type that states its isolation, as ``ClassFact/isNested`` says.
  var isNested = false
  var position: SourcePosition
}

/// A free function declared at a file's top level, with the isolation it states: in a target
/// whose default isolation is `MainActor`, one without a word is main-actor.
struct GlobalFunctionFact: Hashable, Sendable {
  var name: String
  var isolation: StatedIsolation
  var position: SourcePosition
}

/// `typealias Name = Type`: the names the type stands for, so that `Component<Alias>` and a
/// superclass spelled as an alias resolve.
struct TypeAliasFact: Hashable, Sendable {
  var name: String
  /// The simple names of the aliased type (`AppComponent<any FeedDependency>` gives
  /// `AppComponent`), its first entry the type itself.
  var names: [String]
  /// The names inside each of its generic arguments, by position (`[[FeedDependency]]`).
  var argumentGroups: [[String]]
  /// Every name inside its generic arguments (`FeedDependency`).
  var arguments: [String] { argumentGroups.flatMap { $0 } }
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
struct InputProblem: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  /// Where it is: a path, optionally with `:line:column`.
  var location: String
  var message: String

  var description: String { "\(TerminalText.name(location)): error: \(message)" }
}

/// An `import` at a file's top level, as a new file beside it repeats it: its attributes kept
/// (`@preconcurrency`, `@testable`), an explicit access level written `internal` (the new file
/// declares nothing public), under the `#if` clauses it stands in.
struct ImportFact: Hashable, Sendable {
  var line: String
  /// The module imported (`Foundation` for `import struct Foundation.Date`).
  var module: String
  var conditions = Conditions()
}

/// Everything the analysis needs from one source file.
struct FileFacts: Sendable {
  var path: String
  var imports: [ImportFact] = []
  /// The UTF-8 offset where `napkin fix` adds an import: after the last unconditional one, else
  /// before the first declaration.
  var importsEnd = 0
  /// Whether ``importsEnd`` is the end of an import (a new one goes on the next line) rather than
  /// the start of the first declaration.
  var importsEndFollowsImport = false
  var classes: [ClassFact] = []
  var extensions: [ExtensionFact] = []
  var protocols: [ProtocolFact] = []
  var valueTypes: [ValueTypeFact] = []
  var globalFunctions: [GlobalFunctionFact] = []
  var typeAliases: [TypeAliasFact] = []
  var callSites: [CallSiteFact] = []
  var staticMembers: [StaticMemberFact] = []
  var nonisolatedUses: [NonisolatedUseFact] = []
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

/// `task { }` or `x.disposeOnDeactivate(...)` written in an interactor's initializer.
struct InteractorInitCall: Hashable, Sendable {
  var interactor: String
  var call: String
  var position: SourcePosition
}

/// An assignment that drops a router's stored child without detaching it.
struct ChildRouterAssignment: Hashable, Sendable {
  var router: String
  var property: String
  var isNil: Bool
  var method: String
  var position: SourcePosition
}
