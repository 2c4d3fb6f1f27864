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
      shared: sharedInstances.publishedEntries.map { entry in
        let value = entry.value.storedValue
        var description = (value as? any SnapshotDescribable)?.snapshotDescription
        if let text = description, text.count > SharedInstanceSnapshot.maximumDescriptionLength {
          description = String(text.prefix(SharedInstanceSnapshot.maximumDescriptionLength))
        }
        return SharedInstanceSnapshot(
          name: entry.key, type: SnapshotWalk.name(of: entry.value.type),
          count: (value as? any InstanceCounting)?.heldInstanceCount ?? 1,
          description: description)
      })
  }

  var parentComponent: (any ComponentListing)? {
    // A root component's dependency is a private placeholder, and a test's fake is no component:
    // either ends the chain.
    dependency as? any ComponentListing
  }
}
