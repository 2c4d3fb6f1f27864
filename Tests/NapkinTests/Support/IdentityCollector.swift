import NapkinOnce

/// Collects the identities of the instances that concurrent callers received.
final class IdentityCollector: Sendable {
  // `Locked`, not `Mutex`: ThreadSanitizer cannot see `Mutex` on Linux (see `LockWord`).
  private let identities = Locked(Set<ObjectIdentifier>())
  func insert(_ identity: ObjectIdentifier) { identities.withLock { _ = $0.insert(identity) } }
  var count: Int { identities.withLock { $0.count } }
}
