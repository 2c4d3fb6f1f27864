/// An object for the deallocation checks: a class nothing else knows about.
final class Tracked: Sendable {}

/// Holds an object so that it outlives a deallocation check.
@MainActor
final class Keeper {
  var object: AnyObject?
}
