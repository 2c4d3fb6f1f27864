import Synchronization

/// A module's configured global: set once at launch, read lock free afterwards, and replaceable in
/// a test for one task tree only.
///
/// A module that needs launch-time values (a directory, an account, closures only the host can
/// answer) declares one `Configured` for its config struct, in place of the Swift 5 shape
/// `public private(set) static var shared: SyncConfig!` (a mutable global, which Swift 6 refuses):
///
/// ```swift
/// public struct SyncConfig: Sendable {
///   public var localDirectory: String
///
///   public static let global = Configured<SyncConfig>()
///   public static var shared: SyncConfig { global.value }
///   public static func configure(_ config: SyncConfig) { global.configure(config) }
/// }
///
/// // At launch, before anything reads the subsystem:
/// SyncConfig.configure(SyncConfig(localDirectory: "/var/notes"))
/// ```
///
/// Reading ``value`` before ``configure(_:)`` or calling ``configure(_:)`` twice is a launch
/// ordering bug: it stops the program with a message that names `Value` and what to call.
///
/// Threading: `Sendable`; configure and read from any thread or task. After configuration a read is
/// one task-local lookup (for a scratch value) and one acquire load; it never takes a lock.
public final class Configured<Value: Sendable>: Sendable {
  /// An immutable holder, so that a configured value is published by one pointer store.
  private final class Box: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
  }

  private let published = AtomicLazyReference<Box>()
  /// A test's scratch value; bound only inside ``withScratchValue(_:operation:)``, so only that
  /// task tree sees it.
  private let scratch = TaskLocal<Box?>(wrappedValue: nil)
  private let configureCall: String

  /// Creates an unconfigured global.
  ///
  /// ```swift
  /// public static let global = Configured<SyncConfig>()
  /// ```
  ///
  /// Threading: create it as a `static let`; the initializer itself is not shared state.
  ///
  /// - Parameter configureCall: what a failure message tells the developer to call; defaults to
  ///   `<Value>.configure(_:)`, the accessor this type's documentation recommends.
  public init(configureCall: String? = nil) {
    self.configureCall = configureCall ?? "\(typeName(of: Value.self)).configure(_:)"
  }

  /// Sets the value, exactly once per process.
  ///
  /// ```swift
  /// SyncConfig.global.configure(SyncConfig(localDirectory: path))
  /// ```
  ///
  /// A second call stops the program, even when it passes an equal value: a second configuration
  /// means two places believe they own launch, and readers may already hold the first value.
  ///
  /// Threading: safe from any thread; of two racing calls one wins and the other stops the program.
  public func configure(_ value: Value) {
    let box = Box(value)
    let stored = published.storeIfNil(box)
    if stored !== box {
      ConfiguredFailure.configuredTwice(typeName(of: Value.self), configureCall: configureCall)
    }
  }

  /// The configured value, or the scratch value of the enclosing ``withScratchValue(_:operation:)``.
  ///
  /// ```swift
  /// let directory = SyncConfig.global.value.localDirectory
  /// ```
  ///
  /// Reading before ``configure(_:)`` stops the program with a message naming `Value`.
  ///
  /// Threading: lock free; safe from any thread or task.
  public var value: Value {
    if let box = scratch.get() { return box.value }
    if let box = published.load() { return box.value }
    ConfiguredFailure.readBeforeConfigure(typeName(of: Value.self), configureCall: configureCall)
  }

  /// Whether ``value`` can be read here: a scratch value is in scope, or ``configure(_:)`` ran.
  ///
  /// ```swift
  /// if !SyncConfig.global.isConfigured { SyncConfig.configure(.fallback) }
  /// ```
  ///
  /// Threading: lock free. Checking and then configuring is not atomic; only one launch path
  /// should configure.
  public var isConfigured: Bool {
    scratch.get() != nil || published.load() != nil
  }

  /// Runs `operation` with `value` in place of the configured value, for this task and the tasks
  /// it creates, and for nobody else.
  ///
  /// ```swift
  /// @Test func notesLandInTheConfiguredDirectory() async throws {
  ///   try await SyncConfig.global.withScratchValue(SyncConfig(localDirectory: tmp)) {
  ///     try await SyncManager.shared.add("milk", to: "groceries")
  ///   }
  /// }
  /// ```
  ///
  /// Parallel tests each see their own scratch value; the global needs no configuration. Scopes
  /// nest; the innermost wins.
  ///
  /// Threading: the value travels as a task-local, so child tasks and `Task {}` created inside
  /// the body see it; `Task.detached` and threads started by other means do not.
  public func withScratchValue<R>(
    _ value: Value, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await scratch.withValue(Box(value), operation: operation, isolation: isolation)
  }

  /// Runs the synchronous `operation` with `value` in place of the configured value.
  ///
  /// ```swift
  /// let path = SyncConfig.global.withScratchValue(config) { NotePaths.current.root }
  /// ```
  ///
  /// Threading: visible on the calling thread's task (or the thread itself outside any task) for
  /// the duration of `operation` only.
  public func withScratchValue<R>(_ value: Value, operation: () throws -> R) rethrows -> R {
    try scratch.withValue(Box(value), operation: operation)
  }
}

/// A type's name as written in code, without generic noise from the module path.
func typeName(of type: Any.Type) -> String {
  String(describing: type)
}
