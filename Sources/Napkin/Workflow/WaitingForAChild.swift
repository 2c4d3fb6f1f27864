/// Why a wait for a child napkin ended without one.
///
/// ```swift
/// do {
///   let loggedIn = try await root.activeChild(
///     as: (any LoggedInActionable).self, timeout: .seconds(30))
///   loggedIn.openProfile(of: "alice")
/// } catch let error as ChildWaitError {
///   print("the deep link was dropped: \(error)")
/// }
/// ```
///
/// Threading: a value; `Sendable`.
public enum ChildWaitError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No matching child became active within the timeout.
  case timedOut(Duration)
  /// The router the wait started from left the tree: it, or one of its ancestors, was detached
  /// from its parent (or an ancestor was released), so no child of it will become active. A wait
  /// that begins on a router that has left the tree ends with it at once.
  case routerDetached
  /// The router the wait started from was released.
  case routerReleased

  /// The reason, in a sentence.
  public var description: String {
    switch self {
    case .timedOut(let timeout):
      "no matching child napkin became active within \(timeout)"
    case .routerDetached:
      "the router the deep link waited on left the tree (it or an ancestor was detached), so no "
        + "child of it will become active"
    case .routerReleased:
      "the router the deep link waited on was released, so no child of it will become active"
    }
  }
}

extension Routing {
  /// Waits for the first child napkin whose interactor plays `role` and is active, and returns
  /// that interactor: a deep link's step that waits for the tree, as a RIBs workflow does.
  ///
  /// A child already attached and active is returned at once; otherwise the wait ends when one
  /// is attached under this router:
  ///
  /// ```swift
  /// // Logged in or not: wait for the login, then for Home, then open the profile.
  /// let loggedIn = try await root.activeChild(
  ///   as: (any LoggedInActionable).self, timeout: .seconds(60))
  /// let home = try await loggedIn.router.activeChild(as: (any HomeActionable).self)
  /// home.openProfile()
  /// ```
  ///
  /// - Waiters for the same child resume in the order they began waiting.
  /// - The wait holds no child or interactor. The call itself keeps this router alive, as any
  ///   method call keeps its receiver; a task that must not keep the tree alive while it waits
  ///   holds the router weakly and awaits ``childWait(as:timeout:)``'s ``ChildWait/value()``.
  /// - It ends with `CancellationError` when its task is cancelled (so a deep link run as an
  ///   interactor's `task { }` ends when that napkin deactivates), with
  ///   ``ChildWaitError/routerDetached`` when this router or any of its ancestors is detached
  ///   (at once, if it has already left the tree), with ``ChildWaitError/routerReleased`` when
  ///   it is released, and with ``ChildWaitError/timedOut(_:)`` after `timeout`. Any `timeout`
  ///   is accepted: one too long for a single sleep (`.seconds(Int64.max)`) is slept in steps.
  ///
  /// This router must subclass ``Router``; a test double of `Routing` cannot be waited on.
  ///
  /// Threading: main actor.
  public func activeChild<Role>(as role: Role.Type, timeout: Duration? = nil) async throws -> Role {
    try await childWait(as: role, timeout: timeout).value()
  }

  /// A wait for the first active child napkin that plays `role`, which keeps this router only
  /// weakly: a deep link that must end when the tree is released awaits its value.
  ///
  /// ```swift
  /// weak let weakRoot = root
  /// interactor.task {
  ///   guard let wait = weakRoot?.childWait(as: (any LoggedInActionable).self) else { return }
  ///   let loggedIn = try await wait.value()  // the root may be released meanwhile
  ///   loggedIn.openProfile(of: "alice")
  /// }
  /// ```
  ///
  /// Threading: main actor.
  public func childWait<Role>(as role: Role.Type, timeout: Duration? = nil) -> ChildWait<Role> {
    guard self is any ChildWaiting else {
      napkinMisuse(
        "activeChild(as:timeout:) called on \(typeName(of: self)), which does not subclass Router. "
          + "Wait on a Router or ViewableRouter subclass.")
    }
    return ChildWait(router: self, timeout: timeout)
  }
}

/// A deep link's wait for a child napkin of one router, holding the router weakly; see
/// ``Routing/childWait(as:timeout:)``.
///
/// Threading: main actor.
@MainActor
public struct ChildWait<Role> {
  private weak var router: (any Routing)?
  private let timeout: Duration?

  init(router: any Routing, timeout: Duration?) {
    self.router = router
    self.timeout = timeout
  }

  /// The interactor of the first active child that plays `Role`: at once if one is attached,
  /// otherwise when one is. Throws as ``Routing/activeChild(as:timeout:)`` does, and
  /// ``ChildWaitError/routerReleased`` if the router is gone before the wait begins.
  ///
  /// Threading: main actor.
  public func value() async throws -> Role {
    // No strong reference to the router or its children outlives the registration below: the
    // wait must let a dropped tree go.
    guard let waiters = (router as? any ChildWaiting)?.childWaiters else {
      throw ChildWaitError.routerReleased
    }
    try Task.checkCancellation()
    if let closedWith = waiters.closedWith { throw closedWith }
    let match: (any Routing) -> (any Interactable)? = { child in
      let interactable = child.interactable
      return interactable is Role && interactable.isActive ? interactable : nil
    }
    if let found = waiters.immediate(router?.children ?? [], match: match) as? Role {
      return found
    }
    let id = waiters.makeID()
    let activity = TaskActivity.parkable
    let timer = timeout.map { timeout in
      Task { [weak waiters] in
        try await sleepAnyDuration(timeout)
        waiters?.end(id, with: ChildWaitError.timedOut(timeout))
      }
    }
    defer { timer?.cancel() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        waiters.wait(
          id: id, children: router?.children ?? [], match: match, continuation: continuation,
          activity: activity)
      }
    } onCancel: {
      Task { @MainActor [weak waiters] in waiters?.end(id, with: CancellationError()) }
    }
    // `match` accepted only an interactor that plays `Role`, and the waiter was resumed without
    // an error only after storing it.
    guard let played = waiters.take(id) as? Role else {
      napkinMisuse("activeChild(as:timeout:) resumed without an interactor playing \(Role.self)")
    }
    return played
  }
}

/// A router that deep links can wait on: ``Router`` and its subclasses.
@MainActor
protocol ChildWaiting: Routing {
  var childWaiters: ChildWaiters { get }
}
