/// The baseline: hand wiring, a final class whose `lazy var` holds the instance.
///
/// SAFETY: `@unchecked Sendable` for the two-thread scenario only: the instance is built before
/// the threads start and only read afterwards.
final class HandWired: @unchecked Sendable {
  lazy var service = Service(id: 1)
}

/// Reads through a non-inlined call, the same call shape as `readComponent`.
@inline(never)
func readHandWired(_ owner: HandWired) -> Service {
  owner.service
}

/// The baseline of the chain scenario: parents reached through a protocol, as components are.
protocol HandLinkParent: AnyObject {
  var link: Link { get }
}

final class HandLinkRoot: HandLinkParent {
  lazy var link = Link(parent: nil)
}

final class HandLinkNode: HandLinkParent {
  let parent: any HandLinkParent
  init(parent: any HandLinkParent) { self.parent = parent }
  lazy var link = Link(parent: parent.link)
}

/// An object with the fields an empty component has (a class-bound parent), for the footprint.
final class HandEmpty {
  let parent: any HandLinkParent
  init(parent: any HandLinkParent) { self.parent = parent }
}

/// Reads through a non-inlined call, the same call shape as `readLinkComponent`.
@inline(never)
func readHandLink(_ owner: HandLinkNode) -> Link {
  owner.link
}
