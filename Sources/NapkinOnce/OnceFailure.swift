/// The misuses of `shared` that must stop the program, with messages that say what to change.
package enum OnceFailure {
  /// A factory needs, directly or through others, the key it is building.
  static func cycle(_ frames: [FramePointer]) -> Never {
    let start = frames[0].pointee
    let owner = start.storeIdentity
    let path = frames.map { $0.pointee.chainName(relativeTo: owner) }.joined(separator: " -> ")
    fatalError(
      """
      Napkin: dependency cycle in \(typeName(of: start.ownerType)): \(path). \
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
      Napkin: key "\(key)" of \(typeName(of: ownerType)) was asked for as \
      \(typeName(of: requestedType)) but holds \(typeName(of: storedType)). `shared` keys by the \
      calling property's name (#function): call it once per computed property, never twice in one \
      getter or from a method, or pass a distinct forCallerKey:.
      """)
  }
}
