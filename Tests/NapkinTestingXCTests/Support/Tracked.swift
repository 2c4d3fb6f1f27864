/// An object for the deallocation checks: a class nothing else knows about.
final class Tracked: Sendable {}
