/// What every subject hands out: a small class instance, so reading it costs one retain and one
/// release, the floor for returning a strong reference.
final class Service: Sendable {
  let id: Int
  init(id: Int) { self.id = id }
}

/// A node of a dependency chain: built from its parent's node.
final class Link: Sendable {
  let parent: Link?
  init(parent: Link?) { self.parent = parent }
}
