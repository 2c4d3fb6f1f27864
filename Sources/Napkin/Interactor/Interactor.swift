import Observation

/// The base class of a napkin's business logic: active while its router is attached.
///
/// Subclass it, override the hooks, and start asynchronous work with ``task(priority:_:)`` so that
/// it ends with the active period:
///
/// ```swift
/// final class ProfileInteractor: Interactor {
///   override func didBecomeActive() {
///     task { [weak self] in
///       for await user in userService.changes { self?.show(user) }
///     }
///   }
/// }
/// ```
///
/// The lifecycle is final: ``activate()`` and ``deactivate()`` must alternate, starting with
/// ``activate()``; anything else stops the program with a message. ``isActive`` is observable with
/// Observation (`withObservationTracking`) and awaitable through ``isActiveStream``.
///
/// Threading: main actor. Tasks from ``task(priority:_:)`` run on the main actor.
@MainActor
open class Interactor: Interactable, Observable {
  private var active = false
  private var nextTaskID: UInt64 = 0
  private var runningTasks: [UInt64: @Sendable () -> Void] = [:]
  private let broadcast = ActiveStateBroadcast()
  private let registrar = ObservationRegistrar()

  /// Creates an inactive interactor.
  ///
  /// ```swift
  /// let interactor = HomeInteractor(presenter: view)
  /// ```
  ///
  /// Threading: main actor.
  public init() {}

  deinit {
    // Streams would otherwise wait forever for a value from an object that no longer exists.
    broadcast.finish()
  }

  /// Whether the interactor is between ``activate()`` and ``deactivate()``; observable.
  ///
  /// ```swift
  /// withObservationTracking { _ = interactor.isActive } onChange: { print("changed") }
  /// ```
  ///
  /// Threading: main actor.
  public final var isActive: Bool {
    registrar.access(self, keyPath: \.isActive)
    return active
  }

  /// The active state as a sequence: the current value first, then each change, in order.
  ///
  /// Each read makes a new, independent stream; it ends when the interactor is deallocated or the
  /// consuming task is cancelled.
  ///
  /// ```swift
  /// for await active in interactor.isActiveStream where !active { break }
  /// ```
  ///
  /// Threading: read on the main actor; iterate from any task.
  public final var isActiveStream: AsyncStream<Bool> {
    broadcast.stream(current: active)
  }

  /// Starts the active period and calls ``didBecomeActive()``.
  ///
  /// A router calls it when it attaches this interactor's router. Activating an active interactor
  /// stops the program.
  ///
  /// ```swift
  /// interactor.activate()
  /// ```
  ///
  /// Threading: main actor.
  public final func activate() {
    if active {
      napkinMisuse(
        "activate() called on \(typeName(of: self)), which is already active. Activations must "
          + "alternate with deactivate(); a router activates its child's interactor when it "
          + "attaches the child, so do not activate an attached napkin yourself.")
    }
    setActive(true)
    didBecomeActive()
  }

  /// Calls ``willResignActive()``, cancels every task started with ``task(priority:_:)`` and ends
  /// the active period.
  ///
  /// A router calls it when it detaches this interactor's router. Deactivating an inactive
  /// interactor stops the program.
  ///
  /// ```swift
  /// interactor.deactivate()
  /// ```
  ///
  /// Threading: main actor.
  public final func deactivate() {
    if !active {
      napkinMisuse(
        "deactivate() called on \(typeName(of: self)), which is not active. Each deactivate() "
          + "must follow an activate(); a router deactivates its child's interactor when it "
          + "detaches the child, so do not deactivate a detached napkin yourself.")
    }
    willResignActive()
    let cancels = runningTasks.values
    runningTasks = [:]
    for cancel in cancels {
      cancel()
    }
    setActive(false)
  }

  /// Starts `operation` as a task tied to this interactor's active period.
  ///
  /// The task is cancelled when the interactor deactivates; `operation` must honour cancellation
  /// (as `Task.sleep`, `AsyncStream` iteration and most async APIs do). Capture `self` weakly in
  /// long-running work so that the interactor can be deallocated as soon as it is detached.
  /// Starting a task while inactive stops the program: start work in ``didBecomeActive()`` or
  /// later.
  ///
  /// ```swift
  /// override func didBecomeActive() {
  ///   task { [weak self] in
  ///     while !Task.isCancelled {
  ///       self?.refresh()
  ///       try? await Task.sleep(for: .seconds(30))
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// Threading: main actor; `operation` runs on the main actor.
  ///
  /// - Returns: the task, to await its value or cancel it earlier.
  @discardableResult
  public final func task<Success: Sendable>(
    priority: TaskPriority? = nil,
    _ operation: @escaping @MainActor () async -> Success
  ) -> Task<Success, Never> {
    if !active {
      napkinMisuse(
        "task(_:) called on \(typeName(of: self)), which is not active, so nothing would cancel "
          + "the work. Start tasks in didBecomeActive() or later.")
    }
    let id = nextTaskID
    nextTaskID += 1
    let task = Task(priority: priority) { @MainActor [weak self] in
      let result = await operation()
      self?.runningTasks.removeValue(forKey: id)
      return result
    }
    runningTasks[id] = { task.cancel() }
    return task
  }

  /// The number of tasks from ``task(priority:_:)`` that have neither finished nor been cancelled.
  ///
  /// ```swift
  /// #expect(interactor.runningTaskCount == 0)
  /// ```
  ///
  /// Threading: main actor.
  public final var runningTaskCount: Int { runningTasks.count }

  /// Called after the interactor becomes active; start work here. The default does nothing.
  ///
  /// ```swift
  /// override func didBecomeActive() { analytics.track("home") }
  /// ```
  ///
  /// Threading: main actor.
  open func didBecomeActive() {}

  /// Called before the interactor resigns active, while ``isActive`` is still `true`. The default
  /// does nothing; tasks from ``task(priority:_:)`` are cancelled right after it returns.
  ///
  /// ```swift
  /// override func willResignActive() { draft.save() }
  /// ```
  ///
  /// Threading: main actor.
  open func willResignActive() {}

  private func setActive(_ value: Bool) {
    registrar.withMutation(of: self, keyPath: \.isActive) {
      active = value
    }
    broadcast.send(value)
  }
}
