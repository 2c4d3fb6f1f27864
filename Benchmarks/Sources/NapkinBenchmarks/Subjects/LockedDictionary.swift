import Foundation

/// What popular containers do today: a recursive lock held around a `[String: Any]` lookup and
/// the factory, and a dynamic cast on the way out.
final class LockedDictionaryContainer: @unchecked Sendable {
  // SAFETY: `instances` is only touched while holding `lock`.
  private let lock = NSRecursiveLock()
  private var instances: [String: Any] = [:]

  func shared<T>(forCallerKey key: String = #function, _ factory: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    if let existing = instances[key] {
      return existing as! T
    }
    let made = factory()
    instances[key] = made
    return made
  }

  var service: Service { shared { Service(id: 1) } }
}

@inline(never)
func readLockedDictionary(_ owner: LockedDictionaryContainer) -> Service {
  owner.service
}
