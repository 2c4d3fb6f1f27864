import NapkinOnce

/// The base class for dependency-injection components in the napkin architecture.
///
/// A component serves as the dependency container of one napkin. It receives its parent's
/// component as ``dependency``, conforms to the dependency protocols of the napkins it builds, and
/// creates the services this napkin owns:
///
/// ```swift
/// final class HomeComponent: Component<any HomeDependency>, ProfileDependency, SettingsDependency,
///   @unchecked Sendable
/// {
///   // Pass-through from the parent.
///   var userService: UserService { dependency.userService }
///
///   // Built once, lives as long as this component.
///   var homeAnalytics: HomeAnalytics {
///     shared { HomeAnalytics(userService: dependency.userService) }
///   }
///
///   // A fresh instance for every caller.
///   var requestBuilder: RequestBuilder {
///     RequestBuilder(userService: dependency.userService)
///   }
/// }
/// ```
///
/// Threading: a component is `Sendable`. ``shared(forCallerKey:_:)`` may be called from any thread
/// or actor at once; its factory runs at most once per key. The class is `@unchecked Sendable`
/// because it is open and generic: the framework's own state is safe (``dependency`` is a `let`,
/// shared instances are read and written under a lock), but a subclass that adds
/// mutable stored properties must guard them itself. See <doc:SharingInstances>.
///
/// Isolation: `nonisolated`, and a subclass inherits it. In a module whose default isolation is
/// `MainActor` (a new Xcode 26 app target), a component is still nonisolated, so its properties
/// and `shared { }` serve every thread; see <doc:NapkinInAnXcodeProject>.
// SAFETY: its own state is `sharedInstances`, a `Sendable` store (its slots behind a lock) and
// `dependency`, a `let` set only in `init`; unchecked because it is open and generic: a
// subclass that adds mutable stored properties guards them itself.
nonisolated open class Component<DependencyType>: Dependency, @unchecked Sendable {
  // Declared before `dependency` so that its offset does not depend on `DependencyType`, which
  // keeps the read of a shared instance free of metadata lookups.
  @usableFromInline
  let sharedInstances = InstanceStore()

  /// The parent's component (or a test's fake), through which this component reaches what its
  /// parent provides.
  ///
  /// Threading: immutable; read it from anywhere.
  public let dependency: DependencyType

  /// Creates a component below the parent that provides `dependency`.
  ///
  /// ```swift
  /// let home = HomeComponent(dependency: loggedInComponent)
  /// ```
  ///
  /// Threading: a component may be created on any thread.
  public init(dependency: DependencyType) {
    self.dependency = dependency
  }

  /// Returns the instance that `factory` builds, built once and cached for the lifetime of this
  /// component.
  ///
  /// Call it from a computed property; the property's name (`#function`) is the key:
  ///
  /// <!-- snippet-inside: final class SketchComponent: EmptyComponent, @unchecked Sendable -->
  /// ```swift
  /// var imageCache: ImageCache {
  ///   shared { ImageCache() }
  /// }
  /// ```
  ///
  /// The contract:
  /// - Per component and key, `factory` runs at most once whatever the concurrency, and every
  ///   caller gets the identical instance.
  /// - `factory` runs on the calling thread with no lock held. It may read other shared
  ///   properties of this component, of its ancestors and of any other tree (building them too),
  ///   and it may wait for other threads: a thread waits only for a build of the *same* key that
  ///   another thread has begun, so builds of different keys run in parallel.
  /// - A cycle (a factory that needs its own key, directly or through others, on one thread or
  ///   across threads) stops the program with the chain of keys, never a hang.
  /// - Asking one key for two different types (two `shared` calls in one getter, or `shared`
  ///   called from a method) stops the program with the key and both types.
  /// - A read of a built instance takes the component's own lock for a short search, never while
  ///   a factory runs.
  /// - The instance lives exactly as long as this component.
  /// - Keys are looked up in the order they were first built, which suits the handful of
  ///   properties a component has. For an instance per identifier (per user, per document), use
  ///   Airframe's `PerKey`, which hashes its keys.
  ///
  /// Only `Sendable` values can be shared: the component is reached from any thread, so the one
  /// instance it caches is handed to every thread that asks. A service with mutable state is an
  /// actor, a `@MainActor` class, or a class that guards its state with a `Mutex`; see
  /// <doc:SharingInstances>.
  ///
  /// Threading: safe from any thread or actor. Only code that would deadlock without Napkin
  /// deadlocks with it: a factory may wait for another thread (a `DispatchQueue.main.sync`, a
  /// semaphore) that builds other keys. A caller of a key whose build another thread has begun
  /// blocks its thread (it never suspends) until that factory returns, at the builder's
  /// priority; keep factories short and synchronous, and build what a high-priority caller needs
  /// on that caller's own thread, for example by reading the property once while setting up.
  ///
  /// - Parameters:
  ///   - forCallerKey: the cache key; defaults to the calling property's name. Pass a literal of
  ///     your own only to share one instance between call sites on purpose.
  ///   - factory: builds the instance; runs on the calling thread, at most once per key.
  @inlinable
  public final func shared<T: Sendable>(forCallerKey: String = #function, _ factory: () -> T) -> T {
    // One unspecialized call per property: the key, the factory and `T`'s metadata.
    sharedInstances.value(forKey: forCallerKey, owner: self, factory: factory)
  }
}
