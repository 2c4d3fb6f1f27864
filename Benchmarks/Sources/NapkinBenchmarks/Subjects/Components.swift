import Napkin

/// The subject: a component whose `shared` property holds the instance.
final class ServiceComponent: EmptyComponent, @unchecked Sendable {
  // Restated as Swift 6 asks of every subclass; the class adds no stored state.
  var service: Service { shared { Service(id: 1) } }
}

@inline(never)
func readComponent(_ owner: ServiceComponent) -> Service {
  owner.service
}

protocol LinkDependency: Dependency {
  var link: Link { get }
}

final class LinkRootComponent: EmptyComponent, LinkDependency, @unchecked Sendable {
  var link: Link { shared { Link(parent: nil) } }
}

final class LinkComponent: Component<any LinkDependency>, LinkDependency, @unchecked Sendable {
  var link: Link { shared { Link(parent: dependency.link) } }
}

@inline(never)
func readLinkComponent(_ owner: LinkComponent) -> Link {
  owner.link
}
