import Napkin

/// What a debug build pays to call `treeSnapshot()` after every event: a tree of 300 napkins,
/// each component with two shared instances built, against a hand-written walk that only
/// collects each router's type name (the least any tree viewer does).
@MainActor
enum TreeSnapshotCost {
  static let napkins = 300

  static func run(scale: Scale) -> Report {
    let root = makeTree()
    let snapshots = max(scale.chains * 5, 10)
    _ = (root.treeSnapshot(), handWalk(root))
    let best = Timing.interleaved(
      operations: snapshots, rounds: scale.rounds,
      [
        { for _ in 0..<snapshots { blackHole(handWalk(root)) } },
        { for _ in 0..<snapshots { blackHole(root.treeSnapshot()) } },
        {
          for _ in 0..<snapshots {
            blackHole((try? root.treeSnapshot().jsonData())?.count ?? 0)
          }
        },
      ])
    return Report(
      scenario: "Tree snapshot of \(napkins) napkins (\(snapshots) snapshots)",
      unit: "ns/snapshot",
      baseline: .init(subject: "hand: walk the routers, collect type names", value: best[0]),
      others: [
        .init(subject: "Napkin treeSnapshot()", value: best[1]),
        .init(subject: "Napkin treeSnapshot().jsonData()", value: best[2]),
      ])
  }

  /// A root with 12 children of 24 leaves each, plus the root and its 12: 301 napkins, each with
  /// a component whose two shared instances are built, and an active interactor.
  static func makeTree() -> Router<Interactor> {
    let app = SnapshotAppComponent()
    let root = Router(interactor: Interactor(), component: SnapshotNodeComponent(dependency: app))
    root.leakDetector = LeakDetector(gracePeriod: .seconds(60)) { _ in }
    root.interactable.activate()
    root.load()
    for _ in 0..<12 {
      let middle = napkin(below: app)
      root.attachChild(middle)
      for _ in 0..<24 { middle.attachChild(napkin(below: app)) }
    }
    return root
  }

  private static func napkin(below app: SnapshotAppComponent) -> Router<Interactor> {
    let component = SnapshotNodeComponent(dependency: app)
    _ = (component.first, component.second)
    return Router(interactor: Interactor(), component: component)
  }

  static func handWalk(_ router: any Routing) -> [String] {
    var names: [String] = []
    var pending: [any Routing] = [router]
    while let next = pending.popLast() {
      names.append(String(describing: type(of: next)))
      pending.append(contentsOf: next.children)
    }
    return names
  }
}

protocol SnapshotNodeDependency: Dependency {}

// SAFETY: no stored state of its own; Component's proof holds.
final class SnapshotAppComponent: EmptyComponent, SnapshotNodeDependency, @unchecked Sendable {}

// SAFETY: no stored state of its own; Component's proof holds.
final class SnapshotNodeComponent: Component<any SnapshotNodeDependency>, @unchecked Sendable {
  var first: Service { shared { Service(id: 1) } }
  var second: Token { shared { Token() } }
}

final class Token: Sendable {}
