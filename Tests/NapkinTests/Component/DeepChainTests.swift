import Napkin
import Testing

protocol LinkDependency: Dependency {
  var link: Link { get }
}

final class Link: Sendable {
  let depth: Int
  let parent: Link?
  init(parent: Link?) {
    self.parent = parent
    self.depth = (parent?.depth ?? -1) + 1
  }
}

// SAFETY: no stored state of its own; Component's proof holds.
final class LinkRootComponent: EmptyComponent, LinkDependency, @unchecked Sendable {
  var link: Link { shared { Link(parent: nil) } }
}

// SAFETY: no stored state of its own; Component's proof holds.
final class LinkComponent: Component<any LinkDependency>, LinkDependency, @unchecked Sendable {
  var link: Link { shared { Link(parent: dependency.link) } }
}

@Suite struct DeepChainTests {
  @Test func aThousandDeepChainResolvesFromTheLeaf() {
    var component: any LinkDependency = LinkRootComponent()
    for _ in 0..<1_000 {
      component = LinkComponent(dependency: component)
    }
    // The leaf's factory needs its parent's link, whose factory needs its parent's, and so on:
    // a thousand nested factories on one thread.
    let leaf = component.link
    #expect(leaf.depth == 1_000)
    #expect(leaf === component.link)
    var node: Link? = leaf
    var count = 0
    while let current = node {
      count += 1
      node = current.parent
    }
    #expect(count == 1_001)
  }
}
