import NapkinOnce

/// One lazily built context per key: the storage behind a per-key accessor such as
/// `NoteStore.shared(for: notebook)`.
///
/// The context is an internal class whose private initializer is the one place a key's component
/// graph is decided; the public surface stays flat and keyed:
///
/// ```swift
/// nonisolated final class NotebookContext: Sendable {
///   static let all = PerKey<Notebook, NotebookContext> { NotebookContext($0) }
///
///   let noteStore: NoteStore
///
///   private init(_ notebook: Notebook) {
///     // Stores under one directory share that directory's serial runner.
///     let directory = DirectoryContext.all.shared(for: notebook.directory)
///     noteStore = NoteStore(notebook, runner: directory.runner)
///   }
/// }
///
/// extension NoteStore {
///   static func shared(for notebook: Notebook) -> NoteStore {
///     NotebookContext.all.shared(for: notebook).noteStore
///   }
/// }
/// ```
///
/// The contract is the one of `Component.shared`, per key:
/// - the factory runs at most once per key whatever the concurrency, and every caller gets the
///   identical context;
/// - a context's initializer may ask for other keys (of this registry or another one): builds run
///   under one lock of the process, recursive on its thread, so builds of different keys run one
///   after the other;
/// - a cycle (key `a` needs `b` needs `a`, on one thread or across threads) stops the program with
///   the chain of keys instead of hanging;
/// - the registry keeps the one strong reference to a context until ``close(_:)``.
///
/// Threading: `Sendable`; call ``shared(for:)`` from any thread or task. A built context is found
/// with one short lock for a dictionary lookup, never behind a build.
public final class PerKey<Key: Hashable & Sendable, Context: Sendable>: Sendable {
  private let instances: KeyedInstances<Key, Context>
  private let makeContext: @Sendable (Key) -> Context

  /// Creates an empty registry whose contexts `makeContext` builds on first use.
  ///
  /// ```swift
  /// nonisolated final class NotebookContext: Sendable {
  ///   static let all = PerKey<Notebook, NotebookContext> { NotebookContext($0) }
  ///
  ///   let notebook: Notebook
  ///   private init(_ notebook: Notebook) { self.notebook = notebook }
  /// }
  /// ```
  ///
  /// Threading: keep the registry in a `static let` inside the context type, so that the closure
  /// may call the context's private initializer.
  public init(_ makeContext: @escaping @Sendable (Key) -> Context) {
    self.instances = KeyedInstances(ownerType: Context.self)
    self.makeContext = makeContext
  }

  /// The context for `key`, built on first use and shared by every later caller until
  /// ``close(_:)``.
  ///
  /// ```swift
  /// let store = NotebookContext.all.shared(for: notebook).noteStore
  /// ```
  ///
  /// Threading: safe from any thread. A caller whose key is not built yet waits for any build in
  /// progress on another thread. Keep context initializers short and synchronous, and never wait
  /// in one for another thread that builds.
  public func shared(for key: Key) -> Context {
    instances.instance(for: key) { makeContext(key) }
  }

  /// Drops the context for `key`; the next ``shared(for:)`` builds a new one.
  ///
  /// ```swift
  /// NotebookContext.all.close(notebook)  // the notebook was deleted
  /// ```
  ///
  /// Callers that still hold the old context keep it alive; the registry no longer does.
  ///
  /// Threading: safe from any thread. A build of `key` already running when `close` is called
  /// completes and is published.
  ///
  /// - Returns: whether a context was open for `key`.
  @discardableResult
  public func close(_ key: Key) -> Bool {
    instances.remove(key)
  }

  /// The keys that have an open context, in no particular order.
  ///
  /// ```swift
  /// for notebook in NotebookContext.all.openKeys { NotebookContext.all.close(notebook) }
  /// ```
  ///
  /// Threading: a snapshot; other threads may open or close keys right after it is taken.
  public var openKeys: [Key] {
    instances.keys
  }
}

extension PerKey: InstanceCounting {
  /// The open contexts: what a tree snapshot reports for a component's `PerKey` store.
  package var heldInstanceCount: Int { openKeys.count }
}
