import NapkinOnce

/// Stops the program because a napkin unit was used against its contract.
///
/// `fatalError` rather than `precondition`: the message must survive optimised builds, where a
/// failed `precondition` prints nothing, and misuse of the tree is never recoverable.
func napkinMisuse(_ message: String) -> Never {
  fatalError("Napkin: \(message)")
}

/// The name a message uses for `object`'s dynamic type: NapkinOnce's naming, for an instance.
func typeName(of object: AnyObject) -> String {
  typeName(of: type(of: object))
}
