/// The misuses of `shared` that must stop the program, with messages that say what to change.
/// Keys and names are escaped: a key may be text from outside (a `PerKey` registry's key).
package enum OnceFailure {
  /// A factory needs, directly or through others, the key it is building; `chain` runs from that
  /// key's build to the request that closes the cycle.
  static func cycle(_ chain: [Build]) -> Never {
    let start = chain[0]
    let path = chain.map { build in
      build.owner == start.owner ? build.key : "\(typeName(of: build.ownerType)).\(build.key)"
    }
    fatalError(
      """
      Napkin: dependency cycle in \(escaped(typeName(of: start.ownerType))): \
      \(escaped(path.joined(separator: " -> "))). \
      A shared factory must not need its own instance; break the cycle by passing one side a \
      closure or a weak reference, or by building it fresh.
      """)
  }

  /// One key was requested with two different types.
  static func typeClash(
    key: String, ownerType: Any.Type, storedType: Any.Type, requestedType: Any.Type
  ) -> Never {
    fatalError(
      """
      Napkin: key "\(escaped(key))" of \(escaped(typeName(of: ownerType))) was asked for as \
      \(escaped(typeName(of: requestedType))) but holds \(escaped(typeName(of: storedType))). \
      `shared` keys by the calling property's name (#function): call it once per computed \
      property, never twice in one getter or from a method, or pass a distinct forCallerKey:.
      """)
  }
}
