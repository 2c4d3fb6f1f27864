import Napkin

/// The subject: a component whose `shared` property holds the instance.
final class ServiceComponent: EmptyComponent, @unchecked Sendable {
  // SAFETY: restated as Swift 6 asks of every subclass; no stored state of its own, so
  // Component's proof holds.
  var service: Service { shared { Service(id: 1) } }
}

@inline(never)
func readComponent(_ owner: ServiceComponent) -> Service {
  owner.service
}

protocol LinkDependency: Dependency {
  var link: Link { get }
}

// SAFETY: no stored state of its own; Component's proof holds.
final class LinkRootComponent: EmptyComponent, LinkDependency, @unchecked Sendable {
  var link: Link { shared { Link(parent: nil) } }
}

// SAFETY: no stored state of its own; Component's proof holds.
final class LinkComponent: Component<any LinkDependency>, LinkDependency, @unchecked Sendable {
  var link: Link { shared { Link(parent: dependency.link) } }
}

@inline(never)
func readLinkComponent(_ owner: LinkComponent) -> Link {
  owner.link
}
