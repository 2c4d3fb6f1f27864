import NapkinOnce
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
/// Reading ``value`` before ``configure(_:fileID:line:)`` or calling ``configure(_:fileID:line:)`` twice is a launch
/// ordering bug: it stops the program with a message that names `Value` and what to call.
///
/// Threading: `Sendable`; configure and read from any thread or task. A read never takes a lock: in
/// a process that never binds a scratch value it is a relaxed load and an `AtomicLazyReference`
/// load; once any scratch value was bound (in tests), a task-local lookup is added.
public final class Configured<Value: Sendable>: Sendable {
  /// An immutable holder, so that a configured value is published by one pointer store.
  @usableFromInline
  final class Box: Sendable {
    @usableFromInline let value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
  }

  /// The configured value; set once, by ``configure(_:fileID:line:)``.
  @usableFromInline let published = AtomicLazyReference<Box>()
  /// A test's scratch value; bound only inside ``withScratchValue(_:operation:)``, so only that
  /// task tree sees it.
  @usableFromInline let scratch = TaskLocal<Box?>(wrappedValue: nil)
  /// Set (for good) the first time a scratch value is bound. Until then, which is always in
  /// production, a read skips the task-local lookup.
  @usableFromInline let scratchWasUsed = Atomic<Bool>(false)
  @usableFromInline let configureCall: String

  /// Creates an unconfigured global.
  ///
  /// <!-- snippet-inside: struct SyncConfig: Sendable -->
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
  /// SyncConfig.global.configure(SyncConfig(localDirectory: path, account: "ada"))
  /// ```
  ///
  /// A second call stops the program, even when it passes an equal value: a second configuration
  /// means two places believe they own launch, and readers may already hold the first value. The
  /// stop names `fileID` and `line`, the caller's by default; a `configure(_:)` of your own that
  /// forwards here can take the same two parameters and pass them on, so that the stop names its
  /// caller.
  ///
  /// Threading: safe from any thread; of two racing calls one wins and the other stops the program.
  ///
  /// - Parameters:
  ///   - value: the configuration.
  ///   - fileID: where a second configuration's stop points; the caller's file by default.
  ///   - line: where a second configuration's stop points; the caller's line by default.
  public func configure(_ value: Value, fileID: StaticString = #fileID, line: UInt = #line) {
    let box = Box(value)
    if published.storeIfNil(box) !== box {
      ConfiguredFailure.configuredTwice(
        typeName(of: Value.self), configureCall: configureCall, fileID: fileID, line: line)
    }
  }

  /// The scratch value in scope, if a scratch value was ever bound.
  @inlinable
  var scratchBox: Box? {
    scratchWasUsed.load(ordering: .relaxed) ? scratch.get() : nil
  }

  /// The configured value, if any.
  @inlinable
  var configuredBox: Box? {
    published.load()
  }

  /// The configured value, or the scratch value of the enclosing ``withScratchValue(_:operation:)``.
  ///
  /// ```swift
  /// let directory = SyncConfig.global.value.localDirectory
  /// ```
  ///
  /// Reading before ``configure(_:fileID:line:)`` stops the program with a message naming `Value`.
  /// A property has no caller location to take, so the stop points here: the backtrace, or the
  /// `Value` and configure call the message names, lead to the read.
  ///
  /// Threading: lock free; safe from any thread or task.
  @inlinable
  public var value: Value {
    if let box = scratchBox { return box.value }
    if let box = configuredBox { return box.value }
    readBeforeConfigure()
  }

  @usableFromInline
  func readBeforeConfigure() -> Never {
    ConfiguredFailure.readBeforeConfigure(
      typeName(of: Value.self), configureCall: configureCall,
      scratchBound: scratchWasUsed.load(ordering: .relaxed))
  }

  /// Whether ``value`` can be read here: a scratch value is in scope, or ``configure(_:fileID:line:)`` ran.
  ///
  /// ```swift
  /// if !SyncConfig.global.isConfigured {
  ///   SyncConfig.configure(SyncConfig(localDirectory: path, account: "guest"))
  /// }
  /// ```
  ///
  /// Threading: lock free. Checking and then configuring is not atomic; only one launch path
  /// should configure.
  @inlinable
  public var isConfigured: Bool {
    scratchBox != nil || configuredBox != nil
  }

  /// Runs `operation` with `value` in place of the configured value, for this task and the tasks
  /// it creates, and for nobody else.
  ///
  /// ```swift
  /// @Test func notesLandInTheConfiguredDirectory() async throws {
  ///   let config = SyncConfig(localDirectory: tmp, account: "ada")
  ///   try await SyncConfig.global.withScratchValue(config) {
  ///     let groceries = try NotebookRef("groceries")
  ///     _ = try await SyncManager.shared.add("milk", to: groceries)
  ///     #expect(FileManager.default.fileExists(atPath: groceries.file))
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
    // Relaxed is enough: tasks that can see the binding are created by this task afterwards, and
    // task creation orders this store before their reads.
    scratchWasUsed.store(true, ordering: .relaxed)
    return try await scratch.withValue(Box(value), operation: operation, isolation: isolation)
  }

  /// Runs the synchronous `operation` with `value` in place of the configured value.
  ///
  /// ```swift
  /// let config = SyncConfig(localDirectory: tmp, account: "ada")
  /// let file = try SyncConfig.global.withScratchValue(config) { try NotebookRef("work").file }
  /// ```
  ///
  /// Threading: visible on the calling thread's task (or the thread itself outside any task) for
  /// the duration of `operation` only.
  public func withScratchValue<R>(_ value: Value, operation: () throws -> R) rethrows -> R {
    scratchWasUsed.store(true, ordering: .relaxed)
    return try scratch.withValue(Box(value), operation: operation)
  }
}
