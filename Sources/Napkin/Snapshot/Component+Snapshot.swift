import NapkinOnce

/// A component a snapshot can list: every ``Component``, whatever its dependency type, which a
/// cast to the generic class cannot name.
protocol ComponentListing: AnyObject {
  /// The component's type and built shared instances; called during a snapshot's walk.
  @MainActor func snapshot() -> ComponentSnapshot
  /// The component its ``Component/dependency`` is, if it is one.
  var parentComponent: (any ComponentListing)? { get }
}

extension Component: ComponentListing {
  @MainActor func snapshot() -> ComponentSnapshot {
    ComponentSnapshot(
      name: SnapshotWalk.name(of: self),
      shared: sharedInstances.builtInstances.map { entry in
        let traits = SnapshotWalk.traits(of: entry.type)
        var count = 1
        var description: String?
        // Only a type that conforms is unboxed and cast: most conform to neither.
        if traits.describes || traits.counts {
          let value = entry.value
          count = (value as? any InstanceCounting)?.heldInstanceCount ?? 1
          let said = (value as? any SnapshotDescribable)?.snapshotDescription
          description = said.map {
            String($0.prefix(SharedInstanceSnapshot.maximumDescriptionLength))
          }
        }
        return SharedInstanceSnapshot(
          name: entry.key, type: traits.name, count: count, description: description)
      })
  }

  var parentComponent: (any ComponentListing)? {
    // A root component's dependency is a private placeholder, and a test's fake is no component:
    // either ends the chain.
    dependency as? any ComponentListing
  }
}
